/* horde_radial_push_grid for one ISA, written once over wide.h and compiled per ISA with
 * HORDE_SUFFIX set. It gives radial_push_grid_ref.c's bits (that file defines the result).
 *
 * The list kernel (radial_push_tmpl.c) loads entry k of eight different lists, one pole
 * per lane, and those per-lane loads cost about as much as the push math they feed. Here
 * movers are first sorted by grid cell (horde_pole_sort_movers, a counting sort), then
 * taken in groups of up to W movers of one grid row whose cells are c and c + 1. Their
 * lists are parts of one walk: rows cz - 1 .. cz + 1, cells c - 1 .. c + 2 of each, in the
 * grid's order. Each pole of the walk is loaded once and broadcast to every lane; a lane
 * whose 3 x 3 cells do not hold that cell sits it out (cell c - 1 is only in the lists
 * of the lanes in cell c, cell c + 2 only in those of the lanes in c + 1). Every lane
 * thus meets exactly its own list's poles in its own list's order, and the per-lane math
 * is radial_push_tmpl.c's overlap_push (pole_lanes.h). */
#include "template.h"
#include "radial_push.h"
#include "pole_lanes.h"

/* Poles of a group's walk kept, checked, for every pass (the first GRID_CACHED entries,
 * 1.3 KB of stack); entries past them are read and checked again in every pass. With a
 * cell about the size of the pole spacing a walk holds about 12 poles. */
#define GRID_CACHED 64
/* A walk has at most 3 rows of 4 cells. */
#define GRID_SEGMENTS 12

/* One cell of the walk: items[k0 .. k1) of the grid, and which lanes list it. */
typedef struct segment {
    uint32_t k0, k1;
    wi near;
} segment;

typedef struct walk {
    segment seg[GRID_SEGMENTS];
    int segs;
    uint32_t cached;                /* entries in the cache: min(walk length, GRID_CACHED) */
    float x[GRID_CACHED], z[GRID_CACHED], r[GRID_CACHED], bottom[GRID_CACHED], top[GRID_CACHED];
    uint8_t ok[GRID_CACHED];        /* names a valid pole (else SKIPPED, and not tested) */
} walk;

/* A group: movers order[p .. p + count) of the sort, all in bucket `first` or first + 1
 * (the same row). */
typedef struct group {
    const uint32_t *mover;
    int count;
    uint32_t first;
    wi right; /* lanes in bucket first + 1 */
} group;

/* The longest group from sorted place p: same bucket, or the next one in the same row. */
static inline group group_at(const horde_pole_sorted *s, size_t p, size_t n)
{
    group G;
    G.mover = s->order + p, G.first = s->key[s->order[p]];
    const int next_ok = G.first != s->none && G.first % s->row + 1 < s->row;
    uint32_t right[W] = {0};
    int m = 1;
    for (; m < W && p + (size_t)m < n; m++) {
        const uint32_t k = s->key[s->order[p + (size_t)m]];
        if (k != G.first && !(next_ok && k == G.first + 1))
            break;
        right[m] = k != G.first ? ~0u : 0u;
    }
    G.count = m;
    G.right = wi_load(right);
    return G;
}

/* The walk of a group: its segments, and its first GRID_CACHED poles checked into the
 * cache. Lanes whose list names no valid pole get *skipped. */
static inline void walk_of(const horde_pole_grid *g, const horde_poles *poles, const horde_pole_sorted *s,
                           const group *G, walk *K, wi *skipped)
{
    K->segs = 0, K->cached = 0;
    if (G->first == s->none)
        return; /* invalid movers, or no grid cell within reach: empty lists */
    const int32_t cx = (int32_t)(G->first % s->row) - 1, cz = (int32_t)(G->first / s->row) - 1;
    const int32_t nx = (int32_t)g->nx, nz = (int32_t)g->nz;
    const int32_t lo = cx - 1 > 0 ? cx - 1 : 0;
    const int32_t hi = (wi_any(G->right) ? cx + 2 : cx + 1) < nx - 1 ? (wi_any(G->right) ? cx + 2 : cx + 1) : nx - 1;
    const wi all = wi_set(-1);
    for (int32_t row = cz - 1; row <= cz + 1; row++) {
        if (row < 0 || row >= nz)
            continue;
        for (int32_t c = lo; c <= hi; c++) {
            const size_t cell = (size_t)row * g->nx + (size_t)c;
            segment *S = &K->seg[K->segs];
            S->k0 = g->start[cell], S->k1 = g->start[cell + 1];
            S->near = c == cx - 1 ? wi_andnot(G->right, all) : c == cx + 2 ? G->right : all;
            if (S->k0 == S->k1)
                continue;
            K->segs++;
            for (uint32_t k = S->k0; k < S->k1 && K->cached < GRID_CACHED; k++) {
                float v[5] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
                const uint32_t u = K->cached++;
                K->ok[u] = (uint8_t)horde_pole_of(poles, g->items[k], v);
                K->x[u] = v[0], K->z[u] = v[1], K->r[u] = v[2], K->bottom[u] = v[3], K->top[u] = v[4];
                if (!K->ok[u])
                    *skipped = wi_or(*skipped, S->near);
            }
        }
    }
}

/* Pole (x, z, r, bottom, top) broadcast to every lane. */
static inline pole_lanes broadcast(float x, float z, float r, float bottom, float top)
{
    pole_lanes P;
    P.x = wf_set(x), P.z = wf_set(z), P.r = wf_set(r), P.bottom = wf_set(bottom), P.top = wf_set(top);
    P.ok = wi_set(-1), P.skip = wi_set(0);
    return P;
}

/* One pass of the reference for the lanes in `live`, over the group's walk. */
static inline wi pass(mover_lanes *M, const horde_pole_grid *g, const horde_poles *poles, const walk *K,
                      wi live, int push, wi *skipped)
{
    wi hit = wi_set(0);
    uint32_t u = 0; /* place in the walk */
    for (int i = 0; i < K->segs; i++) {
        const segment *S = &K->seg[i];
        const wi lanes = wi_and(live, S->near);
        if (!wi_any(lanes)) {
            u += S->k1 - S->k0;
            continue;
        }
        for (uint32_t k = S->k0; k < S->k1; k++, u++) {
            if (u < GRID_CACHED) {
                if (!K->ok[u])
                    continue;
                const pole_lanes P = broadcast(K->x[u], K->z[u], K->r[u], K->bottom[u], K->top[u]);
                hit = wi_or(hit, overlap_push(M, &P, lanes, push));
                continue;
            }
            float v[5];
            if (!horde_pole_of(poles, g->items[k], v)) {
                *skipped = wi_or(*skipped, S->near);
                continue;
            }
            const pole_lanes P = broadcast(v[0], v[1], v[2], v[3], v[4]);
            hit = wi_or(hit, overlap_push(M, &P, lanes, push));
        }
    }
    return hit;
}

/* One group: its movers gathered into lanes (padding lanes invalid), solved, scattered. */
static inline void push_group(const horde_pole_grid *g, const horde_poles *poles, uint32_t iterations,
                              const horde_cylinder_batch *b, const horde_pole_sorted *s, const group *G)
{
    float tin[5][W], tout[3][W];
    uint32_t tf[W];
    const float *const src[5] = {b->x, b->y, b->z, b->radius, b->height};
    for (int k = 0; k < 5; k++)
        for (int l = 0; l < W; l++)
            tin[k][l] = l < G->count ? src[k][G->mover[l]] : (k == 3 ? -1.0f : 0.0f);
    const float *const in[5] = {tin[0], tin[1], tin[2], tin[3], tin[4]};
    mover_lanes M;
    load_movers(in, &M);
    walk K;
    wi skipped = wi_set(0), collided = wi_set(0), going = M.valid;
    walk_of(g, poles, s, G, &K, &skipped);
    for (uint32_t it = 0; it < iterations && wi_any(going); it++) {
        going = wi_and(going, pass(&M, g, poles, &K, going, 1, &skipped));
        collided = wi_or(collided, going);
    }
    wi wedged = wi_set(0);
    if (wi_any(going)) /* lanes whose last allowed pass still pushed */
        wedged = pass(&M, g, poles, &K, going, 0, &skipped);
    wf_store(tout[0], wf_sel(M.valid, M.x, M.x0));
    wf_store(tout[1], M.y0);
    wf_store(tout[2], wf_sel(M.valid, M.z, M.z0));
    wi_store(tf, mover_flags(&M, collided, wedged, skipped));
    for (int l = 0; l < G->count; l++) {
        const uint32_t i = G->mover[l];
        b->out_x[i] = tout[0][l], b->out_y[i] = tout[1][l], b->out_z[i] = tout[2][l];
        b->out_flags[i] = tf[l];
    }
}

HORDE_TEMPLATE(radial_push_grid)
{
    (void)bytes; /* checked by the entry point */
    horde_pole_sorted s;
    horde_pole_sort_movers(g, b, scratch, &s);
    for (size_t p = 0; p < b->n;) {
        const group G = group_at(&s, p, b->n);
        push_group(g, poles, iterations, b, &s, &G);
        p += (size_t)G.count;
    }
}
