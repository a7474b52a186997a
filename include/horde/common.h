/* horde — SIMD collision kernels for crowds in voxel worlds.
 * common.h: status codes, export macro and per-mover result flags. */
#ifndef HORDE_COMMON_H
#define HORDE_COMMON_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32) && defined(HORDE_SHARED_BUILD)
#define HORDE_API __declspec(dllexport)
#elif defined(__GNUC__)
#define HORDE_API __attribute__((visibility("default")))
#else
#define HORDE_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Return value of every horde call that can fail. Kernels never abort and never
 * print; a bad argument is reported here, a bad mover is flagged in its lane. */
typedef enum horde_status {
    HORDE_OK = 0,
    HORDE_ERR_NULL_ARG = -1,    /* a required pointer is NULL while n > 0 */
    HORDE_ERR_BAD_WORLD = -2,   /* world view has negative or overflowing dimensions */
    HORDE_ERR_UNKNOWN_ISA = -3, /* backend name not recognised */
    HORDE_ERR_UNSUPPORTED_ISA = -4, /* backend known but not usable on this CPU/OS/build */
    HORDE_ERR_BAD_ENV = -5,     /* HORDE_ISA holds a value that is unknown or unsupported */
    HORDE_ERR_BAD_PARAMS = -6   /* a parameter struct holds values outside their documented ranges */
} horde_status;

/* Human-readable name of a status code (static storage, never NULL). */
HORDE_API const char *horde_status_string(int status);

/* Per-mover result flags (bits of out_flags[i]; uint32_t). */
#define HORDE_FLAG_COLLIDED 0x1u       /* the mover overlapped solid blocks and was moved */
#define HORDE_FLAG_ON_GROUND 0x2u      /* pushed up out of a floor, or resting exactly on one */
#define HORDE_FLAG_HIT_CEILING 0x4u    /* pushed down out of a ceiling */
#define HORDE_FLAG_HIT_WALL 0x8u       /* the correction has a horizontal part */
#define HORDE_FLAG_STUCK 0x10u         /* overlapping, but no exit within reach: left unchanged */
#define HORDE_FLAG_STEP_TAKEN 0x20u    /* move kernels: climbed onto a block (step-up) */
#define HORDE_FLAG_TRUNCATED 0x40u     /* move kernels: displacement longer than the documented maximum, shortened */
#define HORDE_FLAG_CENTRE_INSIDE 0x400u /* cylinder_tri: the centre lay inside the flattened triangle */
#define HORDE_FLAG_WEDGED 0x800u       /* radial_push, crowd_separate: still overlapping after the last pass */
#define HORDE_FLAG_INVALID 0x80000000u /* input rejected (NaN/Inf, out-of-range size or position): voxel movers, the cylinder soup and ground height return the inputs unchanged; pair/list kernels write +0 outputs (see each header) */

#ifdef __cplusplus
}
#endif
#endif
