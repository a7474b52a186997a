/* SPDX-License-Identifier: MIT */
/* horde_cylinder_push for one ISA, compiled per ISA with HORDE_SUFFIX set (sse2, sse41,
 * avx2, neon, wasm_simd128). The push itself lives in cylinder_core_tmpl.h (shared with the move);
 * cylinder_push_ref.c defines the result. */
#include "simd/template.h"
#include "cylinder_core_tmpl.h"


/* Validate and sanitise W movers, and compute their window origins. */
static inline void prepare_lanes(const horde_cylinder_push_batch *b, size_t start, size_t count,
                                 horde_cylinder_push_tile *t, int base)
{
    wf v[5];
    const float *src[5] = {b->x, b->y, b->z, b->radius, b->height};
    wf_load_lanes(v, src, 5, start + base, count - (size_t)base);
    const wf maxc = wf_set(HORDE_CYLINDER_PUSH_MAX_COORD), zero = wf_set(0.0f);
    /* Ordered compares: NaN fails each, as in horde_cylinder_push_valid. */
    wi ok = wi_and(wi_and(wf_le(wf_abs(v[0]), maxc), wf_le(wf_abs(v[1]), maxc)),
                   wf_le(wf_abs(v[2]), maxc));
    ok = wi_and(ok, wi_and(wf_le(zero, v[3]), wf_le(v[3], wf_set(HORDE_CYLINDER_PUSH_MAX_RADIUS))));
    ok = wi_and(ok, wi_and(wf_le(zero, v[4]), wf_le(v[4], wf_set(HORDE_CYLINDER_PUSH_MAX_HEIGHT))));
    ok = wi_and(ok, wi_lanes_below(count - (size_t)base)); /* padding lanes are never valid */
    float *dst[5] = {t->x, t->y, t->z, t->r, t->h};
    for (int a = 0; a < 5; a++) {
        v[a] = wf_sel(ok, v[a], zero);
        wf_store(dst[a] + base, v[a]);
    }
    const wi one = wi_set(1);
    wi_store((uint32_t *)t->wx + base, wi_sub(lowest_cell(v[0], v[3]), one));
    wi_store((uint32_t *)t->wy + base, wi_sub(wi_floor(v[1]), one));
    wi_store((uint32_t *)t->wz + base, wi_sub(lowest_cell(v[2], v[3]), one));
    wi_store(t->valid + base, ok);
}

/* Results of one tile to the caller's arrays: whole vectors, then the tail lane by lane.
 * Invalid lanes return their input bits untouched (NaN payloads included). */
static inline void write_out(const horde_cylinder_push_batch *b, size_t start, size_t count,
                             const horde_cylinder_push_tile *t, const float *ox, const float *oy,
                             const float *oz, const uint32_t *of)
{
    size_t i = 0;
    for (; i + W <= count; i += W) {
        const wi ok = wi_load(t->valid + i);
        const size_t o = start + i;
        wf_store(b->out_x + o, wf_sel(ok, wf_load(ox + i), wf_load(b->x + o)));
        wf_store(b->out_y + o, wf_sel(ok, wf_load(oy + i), wf_load(b->y + o)));
        wf_store(b->out_z + o, wf_sel(ok, wf_load(oz + i), wf_load(b->z + o)));
        wi_store(b->out_flags + o, wi_load(of + i));
    }
    for (; i < count; i++) {
        const int ok = t->valid[i] != 0;
        const size_t o = start + i;
        const float ix = b->x[o], iy = b->y[o], iz = b->z[o];
        b->out_x[o] = ok ? ox[i] : ix;
        b->out_y[o] = ok ? oy[i] : iy;
        b->out_z[o] = ok ? oz[i] : iz;
        b->out_flags[o] = of[i];
    }
}

HORDE_TEMPLATE(cylinder_push)
{
    horde_cylinder_push_tile t, c; /* prepared movers; scratch for the compacted ones */
    horde_view vw; /* the world resolved once per call */
    horde_view_init(&vw, w);
    float ox[HORDE_TILE], oy[HORDE_TILE], oz[HORDE_TILE];
    uint32_t of[HORDE_TILE];
    for (int i = 0; i < HORDE_TILE; i++)
        t.step_h[i] = 0.0f; /* plain push: no step-up */
    for (size_t start = 0; start < b->n; start += HORDE_TILE) {
        const size_t count = b->n - start < HORDE_TILE ? b->n - start : HORDE_TILE;
        const size_t padded = (count + W - 1) / W * W;
        for (size_t i = 0; i < padded; i += W)
            prepare_lanes(b, start, count, &t, (int)i);
        if (tile_is_short(t.h, padded))
            push_tile(&vw, &t, &c, padded, ox, oy, oz, of, HORDE_WIN_SHORT_LEVELS, HORDE_WIN_SHORT_LEVELS);
        else
            push_tile(&vw, &t, &c, padded, ox, oy, oz, of, HORDE_WIN_LEVELS, HORDE_WIN_LEVELS);
        write_out(b, start, count, &t, ox, oy, oz, of);
    }
}
