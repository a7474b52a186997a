/* SPDX-License-Identifier: MIT */
// SoA arrays for the benchmarks, carved from one allocation per batch (see LanePool).
#ifndef HORDE_BENCH_POOL_H
#define HORDE_BENCH_POOL_H

#include <cstddef>
#include <initializer_list>
#include <vector>

namespace hb {

// SoA batches as an engine lays them out: the arrays of one batch in one allocation,
// back to back, each starting one cache line further from a 4 KiB multiple than the one
// before. Separate allocations of equal size (e.g. std::vector<float>(65536) each) all
// start at the same offset in a page, so element i of every array maps to the same L1
// set: a kernel streaming 21 arrays through an 8-way cache then thrashes it (measured
// here: loads and stores alone took half of sphere_tri/avx2's time).
template <class T> struct Lane {
    T *p = nullptr;
    T *data() const { return p; }
    T &operator[](size_t i) const { return p[i]; }
};
template <class T> struct LanePool {
    std::vector<T> storage;
    // count arrays of n elements each; array a starts first + a cache lines past a page
    // multiple (pools of one benchmark pass distinct `first`s).
    void carve(Lane<T> *arrays, size_t count, size_t n, size_t first = 0)
    {
        const size_t line = 64 / sizeof(T), page = 4096 / sizeof(T);
        const size_t stride = (n + page - 1) / page * page + line;
        storage.assign(stride * count + line * first, T());
        for (size_t a = 0; a < count; a++)
            arrays[a].p = storage.data() + line * first + stride * a;
    }
    // The arrays listed, in order (e.g. the members of a batch struct).
    void carve(std::initializer_list<Lane<T> *> arrays, size_t n, size_t first = 0)
    {
        std::vector<Lane<T>> all(arrays.size());
        carve(all.data(), all.size(), n, first);
        size_t k = 0;
        for (Lane<T> *a : arrays)
            *a = all[k++];
    }
    // The inputs (na arrays) then the outputs (nb) of one batch, as one pool.
    void carve(Lane<T> *a, size_t na, Lane<T> *b, size_t nb, size_t n)
    {
        std::vector<Lane<T>> all(na + nb);
        carve(all.data(), na + nb, n);
        for (size_t k = 0; k < na + nb; k++)
            (k < na ? a[k] : b[k - na]) = all[k];
    }
};

// The lanes of a batch of movers: x, y, z, dx, dy, dz in; ox, oy, oz, odx, ody, odz (end
// position, displacement made) and flags out. set_fields fills a horde_*_move_batch's
// members of those roles for items f .. (and its n); a kernel's shape members (radius,
// half extents, height) are the caller's.
struct MoveLanes {
    Lane<float> x, y, z, dx, dy, dz, ox, oy, oz, odx, ody, odz;
    Lane<uint32_t> flags;
    LanePool<float> pool;
    LanePool<uint32_t> upool;

    // Carves n movers' lanes in batch order: x .. dz, then `shape` (the kernel's further
    // inputs), then ox .. odz, one pool; the flags in their own pool, placed after them.
    void carve(std::initializer_list<Lane<float> *> shape, size_t n)
    {
        std::vector<Lane<float> *> all = {&x, &y, &z, &dx, &dy, &dz};
        all.insert(all.end(), shape.begin(), shape.end());
        all.insert(all.end(), {&ox, &oy, &oz, &odx, &ody, &odz});
        std::vector<Lane<float>> lanes(all.size());
        pool.carve(lanes.data(), lanes.size(), n);
        for (size_t k = 0; k < all.size(); k++)
            *all[k] = lanes[k];
        upool.carve(&flags, 1, n, all.size());
    }

    template <class B> void set_fields(B &b, size_t f, size_t n) const
    {
        b.x = x.data() + f, b.y = y.data() + f, b.z = z.data() + f;
        b.dx = dx.data() + f, b.dy = dy.data() + f, b.dz = dz.data() + f;
        b.out_x = ox.data() + f, b.out_y = oy.data() + f, b.out_z = oz.data() + f;
        b.out_dx = odx.data() + f, b.out_dy = ody.data() + f, b.out_dz = odz.data() + f;
        b.out_flags = flags.data() + f;
        b.n = n;
    }
};

// The lanes of a batch of cylinder movers: x, y, z, radius, height in; out_x, out_y, out_z,
// out_flags out. set_inputs / set_outputs fill a batch's members of those names for
// items f .. (set_outputs also its n); a kernel's other members are the caller's.
struct CylinderLanes {
    Lane<float> x, y, z, radius, height, out_x, out_y, out_z;
    Lane<uint32_t> out_flags;

    template <class B> void set_inputs(B &b, size_t f) const
    {
        b.x = x.data() + f, b.y = y.data() + f, b.z = z.data() + f;
        b.radius = radius.data() + f, b.height = height.data() + f;
    }
    template <class B> void set_outputs(B &b, size_t f, size_t n) const
    {
        b.out_x = out_x.data() + f, b.out_y = out_y.data() + f, b.out_z = out_z.data() + f;
        b.out_flags = out_flags.data() + f;
        b.n = n;
    }
};

} // namespace hb

#endif
