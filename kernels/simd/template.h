/* SPDX-License-Identifier: MIT */
/* Internal: the glue every kernel template (kernels/<folder>/<name>_tmpl.c) includes
 * first. meson compiles each template once per backend with HORDE_WIDE_<ISA> (which
 * lane layer wide.h provides) and HORDE_SUFFIX (sse2, sse41, avx2, neon, wasm_simd128);
 * HORDE_FN(name) is that backend's exported name horde_<name>_<suffix>, the one the
 * dispatch table (src/dispatch.c) expects. Everything else in a template is static. */
#ifndef HORDE_TEMPLATE_H
#define HORDE_TEMPLATE_H

#ifndef HORDE_SUFFIX
#error "templates are compiled per backend with -DHORDE_SUFFIX=<isa> (meson.build)"
#endif

#define HORDE_CAT_(a, b) a##b
#define HORDE_CAT(a, b) HORDE_CAT_(a, b)
#define HORDE_FN(name) HORDE_CAT(HORDE_CAT(horde_, name), HORDE_CAT(_, HORDE_SUFFIX))
/* The template's definition of kernel `name` for this backend (kernels/simd/kernel.h). */
#define HORDE_TEMPLATE(name) HORDE_KERNEL_DECL_(name, HORDE_FN(name))

/* For a helper that takes a count meant to be a literal at every call (a loop bound):
 * GCC otherwise keeps large ones out of line, the count a variable. */
#if defined(__GNUC__)
#define HORDE_FORCE_INLINE static inline __attribute__((always_inline))
#else
#define HORDE_FORCE_INLINE static inline
#endif

#include "kernel.h"
#include "wide.h"

#endif
