/* SPDX-License-Identifier: MIT */
/* horde_radial_push_grid for one ISA, written once over wide.h and compiled per ISA with
 * HORDE_SUFFIX set. It gives radial_push_grid_ref.c's bits (that file defines the result).
 *
 * The list kernel (radial_push_tmpl.c) loads entry k of eight different lists, one pole
 * per lane, and those per-lane loads cost about as much as the push math they feed. Here
 * the movers are first sorted by grid cell (bucket_all, then horde_pole_sort_movers: a
 * counting sort that also copies their inputs in that order), then taken in groups of up
 * to GV * W movers of one grid row whose cells are c and c + 1. Their lists are parts of
 * one walk: rows cz - 1 .. cz + 1, cells c - 1 .. c + 2 of each, in the grid's order.
 * Each pole of the walk is prepared once for the group (what the overlap test and push
 * need per lane) and broadcast to every lane; a lane whose 3 x 3 cells do not hold that
 * cell sits it out (cell c - 1 is only in the lists of the lanes in cell c, cell c + 2
 * only in those of the lanes in c + 1). Every lane thus meets exactly its own list's
 * poles in its own list's order, with the reference's operations (visit below is
 * pole_overlap_push of pole_solve.h, W wide). */
#include "simd/template.h"
#include "radial_push.h"
#include "pole_sort.h"
#include "pole_lanes.h"
#include "simd/lane_pack.h"

/* Vectors of W movers per group, solved side by side over the same walk: the walk's
 * preparation is shared by twice the movers, and the two vectors' push chains (a push,
 * sqrt then division, feeds the next pole's test through the lanes' positions)
 * overlap. Two is the fastest count on the benchmark's forest (radial_push_grid rows;
 * three and four are slower). */
#define GV 2

/* One pole of a group's walk, prepared for the group's lanes: what the overlap test and
 * the push need that does not change during the solve (the lanes' y and radius are fixed). */
typedef struct entry {
    wf RR[GV], T[GV]; /* per lane: R * R with R = r + r[j], and the push's T = R + skin */
    wi lanes[GV];     /* lanes whose list holds the pole and that overlap it vertically */
    float x, z;       /* the pole's axis */
} entry;

/* Entries kept for every pass: the first GRID_CACHED of the walk that some lane can meet
 * (7 KB of stack on AVX2); a walk with more prepares the rest again in every pass. With a
 * cell about the pole spacing a walk holds about 12 poles. */
#define GRID_CACHED 32

/* A group: movers order[p .. p + count) of the sort (count <= GV * W), all in bucket
 * `first` or first + 1 (the same row). */
typedef struct group {
    const uint32_t *mover;
    int count;
    uint32_t first;
    wi near[GV][3]; /* per vector, the lanes that list the walk's cells cx - 1 (the left
                       lanes), cx and cx + 1 (all), cx + 2 (the right lanes) */
    int any_right;
    int32_t cx, cz; /* bucket `first`'s cell (unset for none) */
} group;

/* The row of the groups' buckets as the sorted places advance, without a division. */
typedef struct row_cursor {
    uint32_t base; /* the row's first bucket */
    int32_t cz;    /* its cell row */
} row_cursor;

/* The walk: up to 3 rows, and in each the grid's items of cell cx - 1 (side 0: the left
 * lanes), cells cx and cx + 1 (side 1: all lanes), cell cx + 2 (side 2: the right lanes),
 * clipped to the grid (cx: the group's first cell). Cells of a row are adjacent in
 * g->items, so a row is one run of items, k0 .. k3, and its sides split it at k1 and k2.
 * One loop per row: a loop per side or per cell, most of them one or two poles long,
 * cost more in mispredicted loop exits than the poles' whole preparation. */
typedef struct row_run {
    uint32_t k[4];
} row_run;

typedef struct walk {
    row_run row[3];
    int rows;
    entry cache[GRID_CACHED];
    uint32_t cached;
    int rest_row;    /* where the cache stopped (rest_row == rows: it did not) */
    uint32_t rest_k;
} walk;

/* The longest group from sorted place p, up to place `end`: same bucket, or the next one
 * in the same row. The sorted keys ascend, so the lanes that match form a prefix; the
 * padding after the last key matches nothing. */
static inline group group_at(const horde_pole_sorted *s, size_t p, size_t end, row_cursor *rc)
{
    group G;
    G.mover = s->order + p, G.first = s->key[p];
    while (G.first - rc->base >= s->row && G.first != s->none) /* keys ascend: rows only advance */
        rc->base += s->row, rc->cz++;
    G.cx = (int32_t)(G.first - rc->base) - 1, G.cz = rc->cz;
    const int next_ok = G.first != s->none && G.cx + 2 < (int32_t)s->row;
    const wi first = wi_set((int32_t)G.first), next = wi_set(next_ok ? (int32_t)G.first + 1 : (int32_t)G.first);
    G.count = 0, G.any_right = 0;
    for (int v = 0; v < GV; v++) {
        const wi k = wi_load(s->key + p + (size_t)(v * W));
        const wi same = wi_eq(k, first), right = wi_andnot(same, wi_eq(k, next));
        G.count += lp_lanes(wi_bits(wi_or(same, right)));
        G.any_right |= wi_any(right);
        G.near[v][0] = wi_andnot(right, wi_set(-1)), G.near[v][1] = wi_set(-1), G.near[v][2] = right;
    }
    if ((size_t)G.count > end - p) /* a block's last group: the lanes past `end` drop out */
        G.count = (int)(end - p);
    return G;
}

/* Grid item k's pole, read and checked the first time a group meets it in this call: each
 * pole is in the walks of about eight groups, and its check cost more than the rest of
 * its preparation. Returns NULL when the item names no valid pole. */
static inline const float *pole_rec(const horde_pole_grid *g, const horde_poles *poles, const horde_pole_sorted *s,
                                    uint32_t k)
{
    float *const v = s->rec + 5 * (size_t)k;
    if (!s->seen[k])
        s->seen[k] = horde_pole_of(poles, g->items[k], v) ? 1 : 2;
    return s->seen[k] == 1 ? v : NULL;
}

/* Grid item k (on `side` of the walk) for the group's lanes into *E; 0 when no lane can
 * meet it (E unset). An item that names no valid pole flags the lanes that list it
 * SKIPPED. */
static inline int prepare(const horde_pole_grid *g, const horde_poles *poles, const horde_pole_sorted *s,
                          const radial_movers *M, const group *G, int side, uint32_t k, entry *E, wi *skipped)
{
    const float *const v = pole_rec(g, poles, s, k);
    if (!v) {
        for (int q = 0; q < GV; q++)
            skipped[q] = wi_or(skipped[q], G->near[q][side]);
        return 0;
    }
    const wf top = wf_set(v[4]), bottom = wf_set(v[3]), pr = wf_set(v[2]);
    const wf axis = wf_set(fabsf(v[0]) + fabsf(v[1])), skin = wf_set(HORDE_RADIAL_PUSH_SKIN);
    wi any = wi_set(0);
    for (int q = 0; q < GV; q++) {
        const wi vert = wi_and(wf_lt(M[q].y, top), wf_gt(M[q].top, bottom));
        E->lanes[q] = wi_and(wi_and(G->near[q][side], M[q].valid), vert);
        any = wi_or(any, E->lanes[q]);
        const wf R = wf_add(M[q].r, pr);
        E->RR[q] = wf_mul(R, R);
        E->T[q] = wf_add(R, wf_mul(wf_add(axis, R), skin));
    }
    E->x = v[0], E->z = v[1];
    return wi_any(any);
}

static inline int32_t clamp_cell(int32_t c, int32_t n) { return c < 0 ? 0 : c > n ? n : c; }

/* The rows of a group's walk (see walk). */
static inline void rows_of(const horde_pole_grid *g, const horde_pole_sorted *s, const group *G, walk *K)
{
    K->rows = 0;
    if (G->first == s->none)
        return; /* invalid movers, or no grid cell within reach: empty lists */
    const int32_t nx = (int32_t)g->nx, nz = (int32_t)g->nz;
    const int32_t cx = G->cx, cz = G->cz;
    /* the sides' first cells and the end, clipped to 0 .. nx (cell nx: the row's end) */
    const int32_t at[4] = {clamp_cell(cx - 1, nx), clamp_cell(cx, nx), clamp_cell(cx + 2, nx),
                           clamp_cell(G->any_right ? cx + 3 : cx + 2, nx)};
    for (int32_t r = cz - 1; r <= cz + 1; r++) {
        if (r < 0 || r >= nz)
            continue;
        const uint32_t *const start = g->start + (size_t)r * g->nx;
        row_run *R = &K->row[K->rows];
        for (int i = 0; i < 4; i++)
            R->k[i] = start[at[i]];
        K->rows += R->k[0] < R->k[3];
    }
}

/* Item k's side in row run R. */
static inline int side_in(const row_run *R, uint32_t k) { return (k >= R->k[1]) + (k >= R->k[2]); }

/* The walk of a group and its first GRID_CACHED entries. */
static inline void walk_of(const horde_pole_grid *g, const horde_poles *poles, const horde_pole_sorted *s,
                           const group *G, const radial_movers *M, walk *K, wi *skipped)
{
    rows_of(g, s, G, K);
    K->cached = 0, K->rest_row = K->rows, K->rest_k = 0;
    for (int i = 0; i < K->rows; i++) {
        const row_run *R = &K->row[i];
        const uint32_t room = GRID_CACHED - K->cached; /* each item adds at most one entry */
        const uint32_t end = R->k[3] - R->k[0] <= room ? R->k[3] : R->k[0] + room;
        for (uint32_t k = R->k[0]; k < end; k++)
            K->cached += (uint32_t)prepare(g, poles, s, M, G, side_in(R, k), k, &K->cache[K->cached], skipped);
        if (end < R->k[3]) {
            K->rest_row = i, K->rest_k = end;
            return;
        }
    }
}

/* pole_overlap_push() of the reference with a prepared entry, for vector q's lanes in `live`. */
static inline wi visit(radial_movers *M, const entry *E, int q, wi live, int push)
{
    const wf px = wf_set(E->x), pz = wf_set(E->z);
    const wf dx = wf_sub(M->x, px), dz = wf_sub(M->z, pz);
    const wf d2 = wf_add(wf_mul(dx, dx), wf_mul(dz, dz));
    const wi ov = wi_and(wi_and(live, E->lanes[q]), wf_lt(d2, E->RR[q]));
    if (push && wi_any(ov)) {
        const wi tiny = wf_lt(d2, wf_set(HORDE_RADIAL_PUSH_TINY));
        const wf s = wf_div(E->T[q], wf_sqrt(d2));
        const wf nx = wf_sel(tiny, wf_add(px, E->T[q]), wf_add(px, wf_mul(dx, s)));
        const wf nz = wf_sel(tiny, M->z, wf_add(pz, wf_mul(dz, s)));
        M->x = wf_sel(ov, nx, M->x);
        M->z = wf_sel(ov, nz, M->z);
    }
    return ov;
}

/* Entry E for every vector with live lanes. */
static inline void visit_all(radial_movers *M, const entry *E, const wi *live, const int *active, int push, wi *hit)
{
    for (int q = 0; q < GV; q++)
        if (active[q])
            hit[q] = wi_or(hit[q], visit(&M[q], E, q, live[q], push));
}

/* One pass of the reference for the lanes in `live`: the cached entries, then the rest
 * of the walk prepared again. */
static inline void pass(radial_movers *M, const horde_pole_grid *g, const horde_poles *poles,
                        const horde_pole_sorted *s, const group *G,
                        const walk *K, const wi *live, int push, wi *skipped, wi *hit)
{
    int active[GV];
    for (int q = 0; q < GV; q++)
        hit[q] = wi_set(0), active[q] = wi_any(live[q]);
    if (GV == 2 && active[0] && active[1]) { /* the usual case: no per-vector test */
        for (uint32_t u = 0; u < K->cached; u++) {
            hit[0] = wi_or(hit[0], visit(&M[0], &K->cache[u], 0, live[0], push));
            hit[1] = wi_or(hit[1], visit(&M[GV - 1], &K->cache[u], GV - 1, live[GV - 1], push));
        }
    } else {
        for (uint32_t u = 0; u < K->cached; u++)
            visit_all(M, &K->cache[u], live, active, push, hit);
    }
    for (int i = K->rest_row; i < K->rows; i++) {
        const row_run *R = &K->row[i];
        for (uint32_t k = i == K->rest_row ? K->rest_k : R->k[0]; k < R->k[3]; k++) {
            entry E;
            if (prepare(g, poles, s, M, G, side_in(R, k), k, &E, skipped))
                visit_all(M, &E, live, active, push, hit);
        }
    }
}

static inline int any_of(const wi *m)
{
    wi a = m[0];
    for (int q = 1; q < GV; q++)
        a = wi_or(a, m[q]);
    return wi_any(a);
}

/* One group: its movers gathered into lanes (padding lanes invalid), solved, scattered. */
static inline void push_group(const horde_pole_grid *g, const horde_poles *poles, uint32_t iterations,
                              const horde_radial_push_grid_batch *b, const horde_pole_sorted *s, const group *G)
{
    float tout[3][GV * W]; /* x, unused, z (out_y was written with the buckets) */
    uint32_t tf[GV * W], used[GV * W];
    for (int l = 0; l < GV * W; l++) /* lanes past the group hold the next movers: they drop out */
        used[l] = l < G->count ? ~0u : 0u;
    const size_t p = (size_t)(G->mover - s->order); /* the group's first sorted place */
    radial_movers M[GV];
    wi skipped[GV], collided[GV], going[GV], wedged[GV], hit[GV];
    for (int q = 0; q < GV; q++) {
        const size_t at = p + (size_t)(q * W);
        const wf in[5] = {wf_load(s->mov[0] + at), wf_load(s->mov[1] + at), wf_load(s->mov[2] + at),
                          wf_load(s->mov[3] + at), wf_load(s->mov[4] + at)};
        movers_from(in, &M[q]);
        M[q].valid = wi_and(M[q].valid, wi_load(used + q * W));
        skipped[q] = collided[q] = wedged[q] = wi_set(0), going[q] = M[q].valid;
    }
    walk K;
    walk_of(g, poles, s, G, M, &K, skipped);
    for (uint32_t it = 0; it < iterations && any_of(going); it++) {
        pass(M, g, poles, s, G, &K, going, 1, skipped, hit);
        for (int q = 0; q < GV; q++)
            going[q] = wi_and(going[q], hit[q]), collided[q] = wi_or(collided[q], going[q]);
    }
    if (any_of(going)) { /* lanes whose last allowed pass still pushed */
        pass(M, g, poles, s, G, &K, going, 0, skipped, hit);
        for (int q = 0; q < GV; q++)
            wedged[q] = hit[q];
    }
    for (int q = 0; q < GV; q++) {
        wf_store(tout[0] + q * W, wf_sel(M[q].valid, M[q].x, M[q].x0));
        wf_store(tout[2] + q * W, wf_sel(M[q].valid, M[q].z, M[q].z0));
        wi_store(tf + q * W, mover_flags(&M[q], collided[q], wedged[q], skipped[q]));
    }
    for (int l = 0; l < G->count; l++) {
        const uint32_t i = G->mover[l];
        b->out_x[i] = tout[0][l], b->out_z[i] = tout[2][l];
        b->out_flags[i] = tf[l];
    }
}

/* The buckets of W movers (radial_push.h): load_movers' validity, then the cell of the
 * float division, as horde_pole_cell_of (wi_floor is exact below 2^31). */
static inline wi bucket_lanes(const horde_pole_grid *g, const float *const *in)
{
    radial_movers M;
    load_movers(in, &M); /* x, z sanitised: invalid lanes hold zeros */
    const wf cell = wf_set(g->cell);
    const wi cx = wi_sub(wi_floor(wf_div(M.x, cell)), wi_set(g->cx0));
    const wi cz = wi_sub(wi_floor(wf_div(M.z, cell)), wi_set(g->cz0));
    const wi below = wi_set(-2), one = wi_set(1);
    wi in_grid = wi_and(wi_gt(cx, below), wi_gt(wi_set((int32_t)g->nx + 1), cx));
    in_grid = wi_and(in_grid, wi_and(wi_gt(cz, below), wi_gt(wi_set((int32_t)g->nz + 1), cz)));
    const int32_t row = (int32_t)g->nx + 2;
    const wi use = wi_and(M.valid, in_grid), zero = wi_set(0);
    const wi ux = wi_sel(use, cx, zero), uz = wi_sel(use, cz, zero); /* no overflow outside */
    const wi key = wi_add(wi_mullo(wi_add(uz, one), wi_set(row)), wi_add(ux, one));
    return wi_sel(use, key, wi_set(row * ((int32_t)g->nz + 2)));
}

/* Every mover's bucket into the sort's key array, and out_y (= y, in batch order: one
 * random store less per mover later); the tail through padded copies. */
static inline void bucket_all(const horde_pole_grid *g, const horde_radial_push_grid_batch *b, uint32_t *key)
{
    const size_t full = b->n / W * W;
    for (size_t i = 0; i < full; i += W) {
        const float *const in[5] = {b->x + i, b->y + i, b->z + i, b->radius + i, b->height + i};
        wi_store(key + i, bucket_lanes(g, in));
        wf_store(b->out_y + i, wf_load(b->y + i)); /* y never changes (may be y itself) */
    }
    if (full < b->n) {
        float tin[5][W];
        uint32_t tk[W];
        const float *const src[5] = {b->x, b->y, b->z, b->radius, b->height};
        for (int k = 0; k < 5; k++)
            for (size_t i = 0; i < W; i++)
                tin[k][i] = full + i < b->n ? src[k][full + i] : 0.0f;
        const float *const in[5] = {tin[0], tin[1], tin[2], tin[3], tin[4]};
        wi_store(tk, bucket_lanes(g, in));
        for (size_t i = full; i < b->n; i++)
            key[i] = tk[i - full], b->out_y[i] = b->y[i];
    }
}

/* The row cursor at a block's first sorted place p (key[p] <= none). */
static inline row_cursor cursor_at(const horde_pole_sorted *s, size_t p)
{
    const uint32_t r = s->key[p] / s->row;
    const row_cursor rc = {r * s->row, (int32_t)r - 1};
    return rc;
}

/* The groups of sorted places [at, end). */
static void push_places(const horde_pole_grid *g, const horde_poles *poles, uint32_t iterations,
                        const horde_radial_push_grid_batch *b, const horde_pole_sorted *s, size_t at, size_t end)
{
    row_cursor rc = cursor_at(s, at);
    while (at < end) {
        const group G = group_at(s, at, end, &rc);
        push_group(g, poles, iterations, b, s, &G);
        at += (size_t)G.count;
    }
}

/* The staged call's three stages, each over blocks of RADIAL_GRID_BLOCK: the movers'
 * buckets (and out_y, and each block's bucket range), then the sort with the grid items'
 * pole records (so that pole_rec only reads them while groups run side by side), then
 * the groups of sorted places, each block's groups starting at its first place. A group
 * never reaches past its block, so each mover is in one group. The sort is by blocks
 * when every block's buckets are close (pole_sort.h: movers in a spatial order), a
 * stage's blocks before its pole records; else one counting sort on the calling thread
 * between the first two stages. */
typedef struct staged {
    const horde_pole_grid *g;
    const horde_poles *poles;
    const horde_radial_push_grid_params *p;
    const horde_radial_push_grid_batch *b;
    void *scratch;
    horde_pole_sorted s;
    uint32_t *key;
    uint32_t sort_blocks; /* blocks of the stage sort (0: sorted whole) */
} staged;

_Static_assert(RADIAL_GRID_BLOCK == HORDE_POLE_SORT_BLOCK, "a stage's block is a sort block");

static size_t block_end(uint32_t k, size_t n)
{
    const size_t e = ((size_t)k + 1) * RADIAL_GRID_BLOCK;
    return e < n ? e : n;
}

static void stage_buckets(uint32_t begin, uint32_t end, uint32_t worker, void *ctx)
{
    const staged *c = (const staged *)ctx;
    (void)worker;
    for (uint32_t k = begin; k < end; k++) {
        const size_t i = (size_t)k * RADIAL_GRID_BLOCK;
        horde_radial_push_grid_batch sub = *c->b;
        sub.x += i, sub.y += i, sub.z += i, sub.radius += i, sub.height += i, sub.out_y += i;
        sub.n = block_end(k, c->b->n) - i;
        bucket_all(c->g, &sub, c->key + i);
        horde_pole_sort_note(c->g, c->scratch, c->b->n, i, i + sub.n);
    }
}

static void stage_poles(uint32_t begin, uint32_t end, uint32_t worker, void *ctx)
{
    const staged *c = (const staged *)ctx;
    const size_t items = c->g->start[(size_t)c->g->nx * c->g->nz];
    (void)worker;
    for (uint32_t k = begin; k < end; k++)
        if (k < c->sort_blocks)
            horde_pole_sort_block(c->g, c->b, c->scratch, k);
        else
            for (size_t i = (size_t)(k - c->sort_blocks) * RADIAL_GRID_BLOCK; i < block_end(k - c->sort_blocks, items); i++)
                (void)pole_rec(c->g, c->poles, &c->s, (uint32_t)i);
}

static void stage_groups(uint32_t begin, uint32_t end, uint32_t worker, void *ctx)
{
    const staged *c = (const staged *)ctx;
    (void)worker;
    for (uint32_t k = begin; k < end; k++)
        push_places(c->g, c->poles, c->p->iterations, c->b, &c->s, (size_t)k * RADIAL_GRID_BLOCK,
                    block_end(k, c->b->n));
}

static uint32_t blocks_of(size_t n) { return (uint32_t)((n + RADIAL_GRID_BLOCK - 1) / RADIAL_GRID_BLOCK); }

HORDE_TEMPLATE(radial_push_grid)
{
    (void)bytes; /* checked by the entry point */
    staged c = {g, poles, p, b, scratch, {0}, horde_pole_sort_keys(g, scratch), 0};
    const uint32_t blocks = blocks_of(b->n);
    horde_stage(stages, stage_buckets, blocks, 1, &c);
    const int local = horde_pole_sort_local(g, scratch, b->n);
    if (!local)
        horde_pole_sort_movers(g, b, scratch, &c.s);
    else
        horde_pole_sort_view(g, b, scratch, &c.s); /* the blocks' stage sorts them */
    c.sort_blocks = local ? blocks : 0;
    if (!stages->tasks || b->n <= RADIAL_GRID_BLOCK) { /* inline: the poles met lazily */
        for (uint32_t k = 0; k < c.sort_blocks; k++)
            horde_pole_sort_block(g, b, scratch, k);
        if (local)
            horde_pole_sort_pads(g, b, scratch);
        stage_groups(0, blocks, 0, &c);
        return;
    }
    horde_stage(stages, stage_poles, c.sort_blocks + blocks_of(g->start[(size_t)g->nx * g->nz]), 1, &c);
    if (local)
        horde_pole_sort_pads(g, b, scratch);
    horde_stage(stages, stage_groups, blocks, 1, &c);
}
