/* SPDX-License-Identifier: MIT */
/* Backend selection API (isa.h) and status strings (common.h).
 *
 * Usage:
 *   test_dispatch            API checks; starts with one first-use race (fresh process)
 *   test_dispatch threads    only the first-use race, repeated in forked children so each
 *                            race starts from a process where dispatch was never touched
 *
 * The race: 8 threads wait on a start flag, then all call horde_isa_active() at once
 * (the first call initialises dispatch). Every thread must see the same backend, and it
 * must be the one isa.h promises: HORDE_ISA's backend when valid and supported, scalar
 * when HORDE_ISA is bad, horde_isa_best() when unset or empty. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"


static const char *const names[HORDE_ISA_COUNT] = {"scalar", "sse2", "sse41", "avx2", "neon",
                                                   "wasm_simd128"};

/* ---- first-use race ---------------------------------------------------------------- */

enum { RACE_THREADS = 8 };
static atomic_int race_go, race_ready;
static horde_isa race_seen[RACE_THREADS];
static const char *race_seen_name[RACE_THREADS];

static void *race_thread(void *arg)
{
    int i = (int)(intptr_t)arg;
    atomic_fetch_add(&race_ready, 1);
    while (!atomic_load(&race_go))
        ; /* spin so that all threads leave the gate together */
    race_seen[i] = horde_isa_active();
    race_seen_name[i] = horde_isa_active_name();
    return NULL;
}

/* What isa.h says the first use must pick, computed without calling dispatch's
 * initialisation (parse/supported/best do not initialise). */
static horde_isa expected_first_pick(void)
{
    const char *env = getenv("HORDE_ISA");
    if (!env || !*env)
        return horde_isa_best();
    horde_isa want;
    if (horde_isa_parse(env, &want) != HORDE_OK || !horde_isa_supported(want))
        return HORDE_ISA_SCALAR;
    return want;
}

/* Must be the process's first dispatch call. Returns the number of failed checks. */
static int first_use_race(int verbose)
{
    const int before = tu_failures;
    const horde_isa want = expected_first_pick();
    pthread_t th[RACE_THREADS];
    int started = 0;
    atomic_store(&race_go, 0);
    atomic_store(&race_ready, 0);
    for (int i = 0; i < RACE_THREADS; i++) {
        int rc = pthread_create(&th[i], NULL, race_thread, (void *)(intptr_t)i);
        CHECK(rc == 0, "pthread_create %d: %d", i, rc);
        if (rc == 0)
            started++;
    }
    while (atomic_load(&race_ready) < started)
        ;
    atomic_store(&race_go, 1);
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < started; i++) {
        CHECK(race_seen[i] == race_seen[0], "thread %d saw %d, thread 0 saw %d", i,
              (int)race_seen[i], (int)race_seen[0]);
        CHECK(race_seen_name[i] && !strcmp(race_seen_name[i], names[race_seen[0]]),
              "thread %d saw name %s", i, race_seen_name[i] ? race_seen_name[i] : "(null)");
    }
    CHECK(race_seen[0] == want, "first use picked %s, expected %s (HORDE_ISA=%s)",
          horde_isa_name(race_seen[0]), horde_isa_name(want),
          getenv("HORDE_ISA") ? getenv("HORDE_ISA") : "(unset)");
    CHECK(horde_isa_active() == race_seen[0], "active changed after the race");
    if (verbose)
        printf("first-use race: %d threads all saw %s\n", started, horde_isa_name(race_seen[0]));
    return tu_failures - before;
}

/* Repeat the race in fresh forked children (this parent never touches dispatch). */
static int race_many(int rounds)
{
    int bad = 0;
    for (int r = 0; r < rounds; r++) {
        fflush(stdout), fflush(stderr);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 1;
        }
        if (pid == 0)
            _exit(first_use_race(r == 0) ? 1 : 0);
        int status = 0;
        if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "FAIL round %d: child status %#x\n", r, status);
            bad++;
        }
    }
    printf("test_dispatch threads: %d rounds of %d threads, %d failed\n", rounds, RACE_THREADS,
           bad);
    return bad ? 1 : 0;
}

/* ---- API checks ---------------------------------------------------------------------- */

static void names_and_parse(void)
{
    for (int i = 0; i < HORDE_ISA_COUNT; i++) {
        const char *n = horde_isa_name((horde_isa)i);
        CHECK(n && !strcmp(n, names[i]), "horde_isa_name(%d) = %s, want %s", i, n ? n : "(null)",
              names[i]);
        horde_isa out = (horde_isa)77;
        CHECK(horde_isa_parse(names[i], &out) == HORDE_OK && out == (horde_isa)i,
              "parse(%s) -> %d", names[i], (int)out);
    }
    const int out_of_range[] = {HORDE_ISA_COUNT, HORDE_ISA_COUNT + 1, 99, -1, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof out_of_range / sizeof out_of_range[0]; i++)
        CHECK(horde_isa_name((horde_isa)out_of_range[i]) == NULL, "horde_isa_name(%d) not NULL",
              out_of_range[i]);

    /* Names are exact and case-sensitive (isa.h lists them in lower case). */
    const char *bad[] = {"", "AVX2", "Scalar", "avx512", "sse", "sse4.1", "sse42", "avx",
                         "avx2 ", " avx2", "neon\n", "none", "bogus"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        horde_isa out = HORDE_ISA_SCALAR;
        CHECK(horde_isa_parse(bad[i], &out) == HORDE_ERR_UNKNOWN_ISA, "parse(\"%s\") accepted",
              bad[i]);
    }
    horde_isa out;
    CHECK(horde_isa_parse(NULL, &out) == HORDE_ERR_UNKNOWN_ISA, "parse(NULL)");
}

static void supported_and_best(void)
{
    CHECK(horde_isa_supported(HORDE_ISA_SCALAR) == 1, "scalar not supported");
    CHECK(!horde_isa_supported((horde_isa)HORDE_ISA_COUNT), "COUNT supported");
    CHECK(!horde_isa_supported((horde_isa)99), "99 supported");
    CHECK(!horde_isa_supported((horde_isa)-1), "-1 supported");
    const horde_isa best = horde_isa_best();
    CHECK((unsigned)best < HORDE_ISA_COUNT && horde_isa_supported(best), "best %d unsupported",
          (int)best);
    if (ON_X86) {
        CHECK(best != HORDE_ISA_NEON, "best is neon on x86");
        if (HORDE_TEST_EMULATED)
            CHECK(horde_isa_supported(HORDE_ISA_NEON), "emulated neon not supported on x86");
    }
    if (ON_ARM)
        CHECK(best == HORDE_ISA_NEON || best == HORDE_ISA_SCALAR, "best %s on ARM",
              horde_isa_name(best));
#if defined(__wasm__)
    CHECK(best == HORDE_ISA_WASM_SIMD128, "best %s on wasm32", horde_isa_name(best));
#else
    CHECK(best != HORDE_ISA_WASM_SIMD128, "best is wasm_simd128 outside wasm32");
    if ((ON_X86 || ON_ARM) && HORDE_TEST_EMULATED)
        CHECK(horde_isa_supported(HORDE_ISA_WASM_SIMD128), "emulated wasm_simd128 unsupported");
#endif
#if defined(__x86_64__)
    /* SSE2 is part of x86-64: always compiled and runnable. */
    CHECK(horde_isa_supported(HORDE_ISA_SSE2), "sse2 unsupported on x86-64");
    CHECK(best != HORDE_ISA_SCALAR, "best is scalar on x86-64");
#endif
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    /* Independent model of "the best backend this machine runs natively": the compiler
     * runtime's CPU detection (which also checks OS support for YMM state). */
    __builtin_cpu_init();
    horde_isa model = HORDE_ISA_SCALAR;
    if (__builtin_cpu_supports("avx2"))
        model = HORDE_ISA_AVX2;
    else if (__builtin_cpu_supports("sse4.1"))
        model = HORDE_ISA_SSE41;
    else if (__builtin_cpu_supports("sse2"))
        model = HORDE_ISA_SSE2;
    CHECK(best == model, "best %s, CPU model says %s", horde_isa_name(best), horde_isa_name(model));
    for (int i = HORDE_ISA_SSE2; i <= HORDE_ISA_AVX2; i++)
        if (i <= (int)model)
            CHECK(horde_isa_supported((horde_isa)i), "%s unsupported on a CPU that has it",
                  names[i]);
#endif
    printf("best backend: %s; supported:", horde_isa_name(best));
    for (int i = 0; i < HORDE_ISA_COUNT; i++)
        if (horde_isa_supported((horde_isa)i))
            printf(" %s", names[i]);
    printf("\n");
}

static void check_active(horde_isa want, const char *what)
{
    CHECK(horde_isa_active() == want, "%s: active %s, want %s", what,
          horde_isa_name(horde_isa_active()), horde_isa_name(want));
    const char *n = horde_isa_active_name();
    CHECK(n && !strcmp(n, names[want]), "%s: active name %s, want %s", what, n ? n : "(null)",
          names[want]);
}

static void force(void)
{
    int forced = 0;
    for (int i = 0; i < HORDE_ISA_COUNT; i++) {
        const horde_isa before = horde_isa_active();
        const int st = horde_isa_force((horde_isa)i);
        if (horde_isa_supported((horde_isa)i)) {
            CHECK(st == HORDE_OK, "force(%s) = %d", names[i], st);
            check_active((horde_isa)i, "after force");
            forced++;
        } else {
            CHECK(st == HORDE_ERR_UNSUPPORTED_ISA, "force(unsupported %s) = %d", names[i], st);
            check_active(before, "after unsupported force");
        }
    }
    CHECK(forced >= 1, "no backend could be forced");

    /* By name, in reverse order so every call changes the backend. */
    for (int i = HORDE_ISA_COUNT - 1; i >= 0; i--) {
        if (!horde_isa_supported((horde_isa)i))
            continue;
        CHECK(horde_isa_force_name(names[i]) == HORDE_OK, "force_name(%s)", names[i]);
        check_active((horde_isa)i, "after force_name");
    }

    /* Errors leave the active backend alone. Start from a non-default one when possible. */
    const horde_isa keep = horde_isa_supported(HORDE_ISA_SSE2) ? HORDE_ISA_SSE2 : HORDE_ISA_SCALAR;
    CHECK(horde_isa_force(keep) == HORDE_OK, "force(%s)", names[keep]);
    CHECK(horde_isa_force((horde_isa)99) == HORDE_ERR_UNKNOWN_ISA, "force(99)");
    check_active(keep, "after force(99)");
    CHECK(horde_isa_force((horde_isa)HORDE_ISA_COUNT) == HORDE_ERR_UNKNOWN_ISA, "force(COUNT)");
    CHECK(horde_isa_force((horde_isa)-1) == HORDE_ERR_UNKNOWN_ISA, "force(-1)");
    check_active(keep, "after force(-1)");
    CHECK(horde_isa_force_name("bogus") == HORDE_ERR_UNKNOWN_ISA, "force_name(bogus)");
    CHECK(horde_isa_force_name("") == HORDE_ERR_UNKNOWN_ISA, "force_name(\"\")");
    CHECK(horde_isa_force_name("AVX2") == HORDE_ERR_UNKNOWN_ISA, "force_name(AVX2)");
    CHECK(horde_isa_force_name(NULL) == HORDE_ERR_UNKNOWN_ISA, "force_name(NULL)");
    check_active(keep, "after bad force_name");
    for (int i = 0; i < HORDE_ISA_COUNT; i++)
        if (!horde_isa_supported((horde_isa)i)) {
            CHECK(horde_isa_force_name(names[i]) == HORDE_ERR_UNSUPPORTED_ISA,
                  "force_name(unsupported %s)", names[i]);
            check_active(keep, "after unsupported force_name");
        }

    /* Forcing does not change what the environment reported. */
    CHECK(horde_isa_env_status() == HORDE_OK, "env status %d with HORDE_ISA unset",
          horde_isa_env_status());
    const char *msg = horde_isa_env_message();
    CHECK(msg && msg[0] == '\0', "env message \"%s\" with HORDE_ISA unset", msg ? msg : "(null)");

    /* The kernels still run after all this switching. */
    horde_world w;
    CHECK(horde_world_init(&w, NULL, 0, 0, 0, 0, 0, 0, HORDE_MISSING_SOLID) == HORDE_OK, "init");
    float x = 0.5f, y = 0.5f, z = 0.5f, r = 0.25f, h = 1.0f, ox, oy, oz;
    uint32_t f;
    horde_cylinder_push_batch b = {&x, &y, &z, &r, &h, &ox, &oy, &oz, &f, 1};
    for (int i = 0; i < HORDE_ISA_COUNT; i++) {
        if (!horde_isa_supported((horde_isa)i))
            continue;
        horde_isa_force((horde_isa)i);
        f = 0;
        CHECK(horde_cylinder_push(&w, &b) == HORDE_OK, "push with %s", names[i]);
        CHECK(f == (HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED), "%s: buried mover flags %#x",
              names[i], (unsigned)f);
    }
}

static void status_strings(void)
{
    const int codes[] = {HORDE_OK, HORDE_ERR_NULL_ARG, HORDE_ERR_BAD_WORLD, HORDE_ERR_UNKNOWN_ISA,
                         HORDE_ERR_UNSUPPORTED_ISA, HORDE_ERR_BAD_ENV};
    const int n = (int)(sizeof codes / sizeof codes[0]);
    const char *other = horde_status_string(12345);
    CHECK(other && other[0], "status_string(12345) empty");
    CHECK(horde_status_string(-6) && horde_status_string(-6)[0], "status_string(-6) empty");
    CHECK(horde_status_string(INT32_MIN) && horde_status_string(INT32_MIN)[0],
          "status_string(INT32_MIN) empty");
    for (int i = 0; i < n; i++) {
        const char *s = horde_status_string(codes[i]);
        CHECK(s && s[0], "status_string(%d) empty", codes[i]);
        if (!s)
            continue;
        /* Each real code has its own text, distinct from the unknown-code fallback. */
        CHECK(strcmp(s, other) != 0, "status_string(%d) is the fallback \"%s\"", codes[i], s);
        for (int j = 0; j < i; j++) {
            const char *t = horde_status_string(codes[j]);
            CHECK(!t || strcmp(s, t) != 0, "codes %d and %d share \"%s\"", codes[i], codes[j], s);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "threads"))
        return race_many(25);
    if (argc != 1) {
        fprintf(stderr, "usage: %s [threads]\n", argv[0]);
        return 2;
    }
    if (getenv("HORDE_ISA") && *getenv("HORDE_ISA")) {
        fprintf(stderr, "test_dispatch: run with HORDE_ISA unset or empty\n");
        return 2;
    }
    first_use_race(1); /* must come first: nothing has touched dispatch yet */
    names_and_parse();
    supported_and_best();
    force();
    status_strings();
    return tu_finish("test_dispatch");
}
