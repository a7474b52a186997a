/* SPDX-License-Identifier: MIT */
/* HORDE_ISA environment variable (isa.h). meson runs this program several times with
 * different environments; the expectation comes from the command line:
 *
 *   test_env expect NAME       HORDE_ISA=NAME: active is NAME and env status OK, or, if
 *                              NAME is not supported here, BAD_ENV and scalar
 *   test_env expect-bad VALUE  HORDE_ISA=VALUE is rejected: BAD_ENV, the message names
 *                              VALUE, scalar is active, horde_isa_force still works
 *   test_env expect-best       HORDE_ISA unset or empty: active == horde_isa_best()
 *   test_env --unset expect-best
 *                              same, after removing HORDE_ISA from the environment
 *                              (meson can set variables but not unset them)
 *
 * The program checks that HORDE_ISA really holds what the expectation assumes, so a
 * mistyped meson env: cannot make a run pass vacuously. */
#define _POSIX_C_SOURCE 200809L

#include "testutil.h"


static void check_active(horde_isa want, const char *what)
{
    const horde_isa a = horde_isa_active();
    const char *n = horde_isa_active_name();
    CHECK(a == want, "%s: active %s, want %s", what, horde_isa_name(a), horde_isa_name(want));
    CHECK(n && horde_isa_name(want) && !strcmp(n, horde_isa_name(want)), "%s: active name %s",
          what, n ? n : "(null)");
}

static void check_env_ok(void)
{
    CHECK(horde_isa_env_status() == HORDE_OK, "env status %d (%s), want OK",
          horde_isa_env_status(), horde_isa_env_message());
    const char *m = horde_isa_env_message();
    CHECK(m && m[0] == '\0', "env message \"%s\", want empty", m ? m : "(null)");
}

/* A rejected value: BAD_ENV, message names the value, scalar active, forcing works. */
static void check_rejected(const char *value)
{
    CHECK(horde_isa_env_status() == HORDE_ERR_BAD_ENV, "env status %d, want BAD_ENV",
          horde_isa_env_status());
    const char *m = horde_isa_env_message();
    CHECK(m && m[0], "empty env message for a rejected HORDE_ISA");
    if (m) {
        /* The message must identify the value; very long values may be cut short. */
        char want[33];
        snprintf(want, sizeof want, "%s", value);
        CHECK(strstr(m, want) != NULL, "message \"%s\" does not mention \"%s\"", m, want);
        printf("env message: %s\n", m);
    }
    check_active(HORDE_ISA_SCALAR, "rejected HORDE_ISA");
    CHECK(horde_isa_env_status() == HORDE_ERR_BAD_ENV, "env status changed on a second call");

    /* A program can still pick a backend explicitly, and the report stays. */
    for (int i = HORDE_ISA_COUNT - 1; i >= 0; i--) {
        if (!horde_isa_supported((horde_isa)i))
            continue;
        CHECK(horde_isa_force((horde_isa)i) == HORDE_OK, "force(%s) after bad env",
              horde_isa_name((horde_isa)i));
        check_active((horde_isa)i, "force after bad env");
    }
    CHECK(horde_isa_force_name("scalar") == HORDE_OK, "force_name(scalar) after bad env");
    check_active(HORDE_ISA_SCALAR, "force_name after bad env");
    CHECK(horde_isa_env_status() == HORDE_ERR_BAD_ENV, "forcing cleared the env report");
}

static int env_is(const char *want)
{
    const char *env = getenv("HORDE_ISA");
    if (!want)
        return !env || !*env;
    return env && !strcmp(env, want);
}

int main(int argc, char **argv)
{
    int a = 1;
    if (a < argc && !strcmp(argv[a], "--unset")) {
        unsetenv("HORDE_ISA"); /* before any horde call: dispatch reads it on first use */
        a++;
    }
    const char *mode = a < argc ? argv[a] : "";
    const char *arg = a + 1 < argc ? argv[a + 1] : NULL;
    const char *env = getenv("HORDE_ISA");
    printf("test_env %s %s (HORDE_ISA=%s)\n", mode, arg ? arg : "", env ? env : "(unset)");

    if (!strcmp(mode, "expect") && arg && a + 2 == argc) {
        if (!env_is(arg)) {
            fprintf(stderr, "test_env: HORDE_ISA is not \"%s\": fix the test's env\n", arg);
            return 2;
        }
        horde_isa want;
        CHECK(horde_isa_parse(arg, &want) == HORDE_OK, "\"%s\" is not a backend name", arg);
        if (tu_failures)
            return tu_finish("test_env");
        /* Backends that must exist: x86-64 always has SSE2; the emulated NEON backend is
         * built on x86 with -Demulated_isas=true. */
#if defined(__x86_64__)
        if (want == HORDE_ISA_SSE2)
            CHECK(horde_isa_supported(want), "sse2 unsupported on x86-64");
#endif
        if (ON_X86 && HORDE_TEST_EMULATED && want == HORDE_ISA_NEON)
            CHECK(horde_isa_supported(want), "emulated neon unsupported on x86");
        if (horde_isa_supported(want)) {
            check_active(want, "HORDE_ISA");
            check_env_ok();
            /* Forcing away and back still works. */
            CHECK(horde_isa_force(HORDE_ISA_SCALAR) == HORDE_OK, "force scalar");
            check_active(HORDE_ISA_SCALAR, "force");
            CHECK(horde_isa_force(want) == HORDE_OK, "force back");
            check_active(want, "force back");
            check_env_ok();
        } else {
            printf("%s is not supported here: expecting BAD_ENV\n", arg);
            check_rejected(arg);
        }
    } else if (!strcmp(mode, "expect-bad") && arg && a + 2 == argc) {
        if (!env_is(arg)) {
            fprintf(stderr, "test_env: HORDE_ISA is not \"%s\": fix the test's env\n", arg);
            return 2;
        }
        check_rejected(arg);
    } else if (!strcmp(mode, "expect-best") && a + 1 == argc) {
        if (!env_is(NULL)) {
            fprintf(stderr, "test_env: HORDE_ISA must be unset or empty (use --unset)\n");
            return 2;
        }
        check_active(horde_isa_best(), "no HORDE_ISA");
        check_env_ok();
    } else {
        fprintf(stderr, "usage: %s [--unset] expect NAME | expect-bad VALUE | expect-best\n",
                argv[0]);
        return 2;
    }
    return tu_finish("test_env");
}
