/* SPDX-License-Identifier: MIT */
// A task system as a game engine has one, for the benchmarks: a fixed pool of
// std::threads and one queue of ranges, behind horde's task interface
// (include/horde/tasks.h). enqueue cuts the items into about 4 ranges per worker (at
// least min_range each) and queues them, each with an owner: worker k owns the k-th of
// worker_count equal runs of consecutive ranges. A thread takes the first queued range
// it owns and, with none left, the last queued range (stealing from the far end of the
// newest job). Where consecutive stages of horde's calls run over the same NPCs in the
// same order (docs/tasks.md, "Which worker takes which range"), a worker then meets in
// each stage mostly the items it handled in the one before, still in its own caches, as
// engines' affinity partitioners arrange; any thread still runs any range, so a stalled
// worker holds nothing up. finish makes the calling thread take ranges too (of any
// job, as a job system's wait helps) until its job's last range has run. Any number of
// jobs may be outstanding.
// An idle thread polls for about kSpin before it sleeps on a condition variable, as
// engines' job systems do: a frame's stages follow each other within microseconds, and
// a thread woken through the kernel for each one joins the stage late.
// Worker indices: the calling thread is 0, pool thread k is k (1 .. workers - 1).
//
//   hb::TaskPool pool(2);                       // the calling thread + 1 thread
//   horde_frame(&pool.tasks, &scene, &params, &batch, scratch, bytes);
#ifndef HORDE_BENCH_TASKS_H
#define HORDE_BENCH_TASKS_H

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "horde/tasks.h"

namespace hb {

class TaskPool {
  public:
    horde_tasks tasks;

    explicit TaskPool(uint32_t workers)
    {
        tasks.enqueue = enqueue_cb, tasks.finish = finish_cb;
        tasks.worker_count = workers ? workers : 1, tasks.user_ctx = this;
        for (uint32_t k = 1; k < tasks.worker_count; k++)
            threads_.emplace_back([this, k] { thread_main(k); });
    }
    ~TaskPool()
    {
        {
            std::lock_guard<std::mutex> lock(mu_);
            quit_.store(true);
        }
        wake_.notify_all();
        for (std::thread &t : threads_)
            t.join();
    }
    TaskPool(const TaskPool &) = delete;
    TaskPool &operator=(const TaskPool &) = delete;

  private:
    struct Job {
        horde_task_fn *fn;
        void *ctx;
        std::atomic<uint32_t> left; // ranges not yet finished (changed under mu_)
    };
    struct Range {
        Job *job;
        uint32_t begin, end;
        uint32_t owner; // the worker that takes it first
    };

    std::mutex mu_;
    std::condition_variable wake_, done_;
    std::deque<Range> queue_;
    std::atomic<uint32_t> queued_{0}; // queue_.size(), changed under mu_, polled without it
    std::vector<std::thread> threads_;
    std::atomic<bool> quit_{false};

    static constexpr std::chrono::microseconds kSpin{200};

    static void relax()
    {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
        __asm__ __volatile__("yield");
#endif
    }

    // Polls `ready` for up to kSpin; true once it holds.
    template <class F> static bool spin(F ready)
    {
        const auto t0 = std::chrono::steady_clock::now();
        for (uint32_t k = 1;; k++) {
            if (ready())
                return true;
            relax();
            if ((k & 63) == 0 && std::chrono::steady_clock::now() - t0 > kSpin)
                return false;
        }
    }

    // Takes worker's next range (its own first, else another's last).
    Range take(uint32_t worker)
    {
        for (auto it = queue_.begin(); it != queue_.end(); ++it)
            if (it->owner == worker) {
                const Range r = *it;
                queue_.erase(it);
                return r;
            }
        const Range r = queue_.back();
        queue_.pop_back();
        return r;
    }

    // Runs one range (take()); called and returns with lock held, the queue not empty.
    void run_one(std::unique_lock<std::mutex> &lock, uint32_t worker)
    {
        const Range r = take(worker);
        queued_.fetch_sub(1, std::memory_order_relaxed);
        lock.unlock();
        r.job->fn(r.begin, r.end, worker, r.job->ctx);
        lock.lock();
        if (--r.job->left == 0)
            done_.notify_all();
    }

    void thread_main(uint32_t worker)
    {
        std::unique_lock<std::mutex> lock(mu_);
        for (;;) {
            if (queue_.empty() && !quit_) {
                lock.unlock();
                spin([this] { return queued_.load(std::memory_order_acquire) != 0 || quit_.load(); });
                lock.lock();
            }
            wake_.wait(lock, [this] { return quit_ || !queue_.empty(); });
            if (quit_)
                return;
            run_one(lock, worker);
        }
    }

    static void *enqueue_cb(horde_task_fn *fn, uint32_t count, uint32_t min_range, void *ctx, void *user)
    {
        TaskPool *p = static_cast<TaskPool *>(user);
        const uint32_t parts = 4 * p->tasks.worker_count;
        // in 64 bits: count and min_range may come close to 2^32
        uint64_t range = ((uint64_t)count + parts - 1) / parts;
        range = range < min_range ? min_range : range;
        const uint32_t ranges = (uint32_t)(((uint64_t)count + range - 1) / range);
        Job *job = new Job{fn, ctx, {ranges}};
        {
            std::lock_guard<std::mutex> lock(p->mu_);
            for (uint64_t b = 0, k = 0; b < count; b += range, k++) {
                const uint32_t owner = (uint32_t)(k * p->tasks.worker_count / ranges);
                const uint64_t e = count - b > range ? b + range : count;
                p->queue_.push_back(Range{job, (uint32_t)b, (uint32_t)e, owner});
            }
            p->queued_.fetch_add(ranges, std::memory_order_release);
        }
        p->wake_.notify_all();
        return job;
    }

    static void finish_cb(void *handle, void *user)
    {
        TaskPool *p = static_cast<TaskPool *>(user);
        Job *job = static_cast<Job *>(handle);
        std::unique_lock<std::mutex> lock(p->mu_);
        while (job->left) {
            if (!p->queue_.empty()) {
                p->run_one(lock, 0);
                continue;
            }
            lock.unlock();
            const bool done = spin([p, job] {
                return job->left.load(std::memory_order_acquire) == 0 || p->queued_.load(std::memory_order_acquire);
            });
            lock.lock();
            if (!done && job->left && p->queue_.empty())
                p->done_.wait(lock);
        }
        lock.unlock();
        delete job;
    }
};

} // namespace hb

#endif
