/* SPDX-License-Identifier: MIT */
/* checkasm driver: runs the kernel tests of the table (generated from the kernel
 * registry), all or the one --test names, with one seed and item count. */
#include "checkasm.h"

typedef struct {
    const char *name;
    int (*run)(const checkasm_opts *);
} checkasm_entry;

#define CHECKASM_ENTRY(name) {#name, checkasm_##name},
static const checkasm_entry tests[] = {CHECKASM_LIST(CHECKASM_ENTRY)};
#undef CHECKASM_ENTRY
enum { N_TESTS = sizeof tests / sizeof tests[0] };

static int usage(const char *prog)
{
    fprintf(stderr, "usage: %s [--test=NAME] [--list] [--seed=N] [--items=N] [--long]\n", prog);
    return 2;
}

int main(int argc, char **argv)
{
    checkasm_opts o = {20261121, tu_items(CHECKASM_DEFAULT_ITEMS)};
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "--test=", 7))
            only = argv[i] + 7;
        else if (!strncmp(argv[i], "--seed=", 7))
            o.seed = strtoull(argv[i] + 7, NULL, 0);
        else if (!strncmp(argv[i], "--items=", 8))
            o.items = strtoull(argv[i] + 8, NULL, 0);
        else if (!strcmp(argv[i], "--long"))
            o.items = CHECKASM_LONG_ITEMS;
        else if (!strcmp(argv[i], "--list")) {
            for (int t = 0; t < N_TESTS; t++)
                puts(tests[t].name);
            return 0;
        } else
            return usage(argv[0]);
    }
    int failed = 0, ran = 0;
    for (int t = 0; t < N_TESTS; t++)
        if (!only || !strcmp(only, tests[t].name)) {
            failed |= tests[t].run(&o);
            ran++;
        }
    if (!ran) {
        fprintf(stderr, "checkasm: no test named %s (--list)\n", only);
        return 2;
    }
    return failed ? 1 : 0;
}
