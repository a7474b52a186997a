/* Public entry points of the sphere-triangle kernels: argument checks, then the backend. */
#include "dispatch.h"

static int tris_ok(const horde_triangles *t)
{
    return t->ax && t->ay && t->az && t->bx && t->by && t->bz && t->cx && t->cy && t->cz;
}
static int spheres_ok(const horde_spheres *s) { return s->x && s->y && s->z && s->r; }

static const horde_kernels *kernels(horde_isa isa, int *st)
{
    if ((unsigned)isa >= HORDE_ISA_COUNT) {
        *st = HORDE_ERR_UNKNOWN_ISA;
        return NULL;
    }
    const horde_kernels *k = horde_kernels_for(isa);
    *st = k ? HORDE_OK : HORDE_ERR_UNSUPPORTED_ISA;
    return k;
}

static int horde_sphere_tri_pairs_isa_checked(horde_isa isa, const horde_spheres *s, const horde_triangles *t,
                                              const horde_sphere_tri_out *out)
{
    int st;
    const horde_kernels *k = kernels(isa, &st);
    if (!k)
        return st;
    if (!s || !t || !out)
        return HORDE_ERR_NULL_ARG;
    if (s->n != t->n)
        return HORDE_ERR_BAD_PARAMS;
    if (s->n == 0)
        return HORDE_OK;
    if (!spheres_ok(s) || !tris_ok(t) || !out->qx || !out->qy || !out->qz || !out->depth ||
        !out->push_x || !out->push_y || !out->push_z || !out->flags)
        return HORDE_ERR_NULL_ARG;
    k->sphere_tri_pairs(s, t, out);
    return HORDE_OK;
}

/* Checks and kernel both run in the library's FP mode (dispatch.h): the argument
 * checks compare floats too, so a caller's FTZ/DAZ or unmasked traps must not reach them. */
int horde_sphere_tri_pairs_isa(horde_isa isa, const horde_spheres *s, const horde_triangles *t,
                               const horde_sphere_tri_out *out)
{
    int st;
    HORDE_CALL(st = horde_sphere_tri_pairs_isa_checked(isa, s, t, out));
    return st;
}

int horde_sphere_tri_pairs(const horde_spheres *s, const horde_triangles *t,
                           const horde_sphere_tri_out *out)
{
    return horde_sphere_tri_pairs_isa(horde_isa_active(), s, t, out);
}

static int horde_sphere_tri_list_isa_checked(horde_isa isa, const horde_spheres *s, const horde_triangles *soup,
                                             const uint32_t *offsets, const uint32_t *indices,
                                             const horde_sphere_tri_list_out *out)
{
    int st;
    const horde_kernels *k = kernels(isa, &st);
    if (!k)
        return st;
    if (!s || !soup || !out)
        return HORDE_ERR_NULL_ARG;
    if (s->n == 0)
        return HORDE_OK;
    if (!spheres_ok(s) || !offsets || !out->push_x || !out->push_y || !out->push_z ||
        !out->deepest || !out->depth || !out->qx || !out->qy || !out->qz || !out->flags)
        return HORDE_ERR_NULL_ARG;
    for (size_t i = 0; i < s->n; i++)
        if (offsets[i] > offsets[i + 1])
            return HORDE_ERR_BAD_PARAMS;
    if (offsets[s->n] > offsets[0]) { /* some entries: they need the index list and a soup */
        if (!indices || (soup->n && !tris_ok(soup)))
            return HORDE_ERR_NULL_ARG;
    }
    k->sphere_tri_list(s, soup, offsets, indices, out);
    return HORDE_OK;
}

int horde_sphere_tri_list_isa(horde_isa isa, const horde_spheres *s, const horde_triangles *soup,
                              const uint32_t *offsets, const uint32_t *indices,
                              const horde_sphere_tri_list_out *out)
{
    int st;
    HORDE_CALL(st = horde_sphere_tri_list_isa_checked(isa, s, soup, offsets, indices, out));
    return st;
}

int horde_sphere_tri_list(const horde_spheres *s, const horde_triangles *soup,
                          const uint32_t *offsets, const uint32_t *indices,
                          const horde_sphere_tri_list_out *out)
{
    return horde_sphere_tri_list_isa(horde_isa_active(), s, soup, offsets, indices, out);
}
