/* Internal: every kernel that has per-ISA versions, listed once. Adding a kernel:
 *   1. one X(name) line here and one #include line in kernels/kernels.h;
 *   2. its name in meson.build's kernel_names (compiles kernels/<name>_tmpl.c per ISA
 *      and kernels/<name>_ref.c once);
 *   3. kernels/<name>.h declaring horde_<name>_fn and HORDE_KERNEL_PROTOS(name, params).
 * The dispatch table, its per-ISA initialisers and the support checks follow. */
#ifndef HORDE_KERNEL_LIST_H
#define HORDE_KERNEL_LIST_H

#define HORDE_KERNEL_LIST(X) \
    X(cylinder_push) \
    X(cylinder_move) \
    X(point_move) \
    X(aabb_move) \
    X(cylinder_tri) \
    X(cylinder_tri_soup) \
    X(ground_height) \
    X(sphere_tri_pairs) \
    X(sphere_tri_list) \
    X(sweep_sphere_tri)

#endif
