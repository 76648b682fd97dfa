/* pool.c -- worker threads and a bounded queue of jobs. A full queue says
 * DG_EBUSY at once (the caller answers 503) rather than letting latency
 * grow without bound; what a job does is the caller's business. Heavy jobs
 * (the caller says which: maps estimated slow or big) wait in a ring of
 * their own and never run on the first worker of a pool of two or more,
 * so cheap jobs always have one: a client looping the most expensive map
 * cannot queue everyone else's small ones behind it (issue 23). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "srv.h"

typedef struct {
    srv_job_fn fn;
    void *arg;
} job;

struct srv_pool {
    pthread_mutex_t mu;
    pthread_cond_t more;
    pthread_cond_t gone;     /* a worker has left (running fell), CLOCK_MONOTONIC */
    int running;             /* workers not yet returned */
    job *ring, *heavy;
    size_t cap, head, count;         /* cheap jobs waiting */
    size_t hhead, hcount;            /* heavy jobs waiting (count + hcount <= cap) */
    int workers, started;            /* workers asked for; started so far (the first keeps to cheap jobs) */
    bool stopping, joined;
    int nthreads;
    pthread_t *threads;
};

/* The worker a pool of two or more keeps for cheap jobs is its first; the
 * others take heavy jobs first and cheap ones when none wait, at a lower
 * CPU priority (nice HEAVY_NICE, per thread on Linux): on a machine with
 * few cores a heavy map then takes the CPU only when the HTTP threads and
 * the cheap worker leave it (bench_fair: small maps' p99 beside a looping
 * 750 MB WebP map). An unprivileged thread can lower its priority but not
 * raise it again, so the role is the worker's for life. */
#define HEAVY_NICE 10

static void *worker(void *arg)
{
    srv_pool *p = arg;
    pthread_mutex_lock(&p->mu);
    int idx = p->started++;
    bool may_heavy = idx > 0 || p->workers == 1;
    pthread_mutex_unlock(&p->mu);
    if (may_heavy && p->workers > 1) (void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), HEAVY_NICE);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->count && !(may_heavy && p->hcount) && !p->stopping)
            pthread_cond_wait(&p->more, &p->mu);
        /* stopping still drains the queue: queued requests get answers
         * (heavy ones from the workers that take them) */
        bool heavy = may_heavy && p->hcount;
        if (!heavy && !p->count) break;
        job j;
        /* a heavy worker takes a heavy job first (cheap first would starve
         * them while small maps keep coming) */
        if (heavy) {
            j = p->heavy[p->hhead];
            p->hhead = (p->hhead + 1) % p->cap;
            p->hcount--;
        } else {
            j = p->ring[p->head];
            p->head = (p->head + 1) % p->cap;
            p->count--;
        }
        pthread_mutex_unlock(&p->mu);
        j.fn(j.arg);
        pthread_mutex_lock(&p->mu);
    }
    p->running--;
    pthread_cond_broadcast(&p->gone);
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

dg_status srv_pool_new(int workers, int depth, srv_pool **out, dg_error *err)
{
    *out = NULL;
    if (workers < 1 || depth < 1)
        return dg_error_set(err, DG_EINVAL, "workers", "", "", "pool needs a worker and a queue slot");
    srv_pool *p = calloc(1, sizeof *p);
    if (!p) return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory for the pool");
    p->ring = calloc((size_t)depth, sizeof *p->ring);
    p->heavy = calloc((size_t)depth, sizeof *p->heavy);
    p->threads = calloc((size_t)workers, sizeof *p->threads);
    if (!p->ring || !p->heavy || !p->threads) {
        free(p->ring);
        free(p->heavy);
        free(p->threads);
        free(p);
        return dg_error_set(err, DG_ENOMEM, "", "", "", "out of memory for the pool");
    }
    p->cap = (size_t)depth;
    p->workers = workers;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->more, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&p->gone, &ca);
    pthread_condattr_destroy(&ca);
    for (int i = 0; i < workers; i++) {
        pthread_mutex_lock(&p->mu);
        p->running++;
        pthread_mutex_unlock(&p->mu);
        if (pthread_create(&p->threads[i], NULL, worker, p) != 0) {
            pthread_mutex_lock(&p->mu);
            p->running--;
            pthread_mutex_unlock(&p->mu);
            srv_pool_free(p);
            return dg_error_set(err, DG_ENOMEM, "workers", "", "", "cannot start worker thread %d", i);
        }
        p->nthreads++;
    }
    *out = p;
    return DG_OK;
}

dg_status srv_pool_submit_as(srv_pool *p, bool heavy, srv_job_fn fn, void *arg, dg_error *err)
{
    pthread_mutex_lock(&p->mu);
    if (p->stopping || p->count + p->hcount == p->cap) {
        pthread_mutex_unlock(&p->mu);
        return dg_error_set(err, DG_EBUSY, "", "", "", "all workers busy and the queue is full");
    }
    if (heavy) p->heavy[(p->hhead + p->hcount++) % p->cap] = (job){fn, arg};
    else p->ring[(p->head + p->count++) % p->cap] = (job){fn, arg};
    /* every worker looks: the one woken might be the one kept for cheap jobs */
    pthread_cond_broadcast(&p->more);
    pthread_mutex_unlock(&p->mu);
    return DG_OK;
}

dg_status srv_pool_submit(srv_pool *p, srv_job_fn fn, void *arg, dg_error *err)
{
    return srv_pool_submit_as(p, false, fn, arg, err);
}

size_t srv_pool_waiting(srv_pool *p)
{
    pthread_mutex_lock(&p->mu);
    size_t n = p->count + p->hcount;
    pthread_mutex_unlock(&p->mu);
    return n;
}

void srv_pool_stop(srv_pool *p)
{
    pthread_mutex_lock(&p->mu);
    p->stopping = true;
    pthread_cond_broadcast(&p->more);
    bool join = !p->joined;
    p->joined = true;
    pthread_mutex_unlock(&p->mu);
    if (!join) return;
    for (int i = 0; i < p->nthreads; i++) pthread_join(p->threads[i], NULL);
}

bool srv_pool_stop_by(srv_pool *p, uint64_t deadline_ns)
{
    struct timespec until = {(time_t)(deadline_ns / 1000000000u), (long)(deadline_ns % 1000000000u)};
    pthread_mutex_lock(&p->mu);
    p->stopping = true;
    pthread_cond_broadcast(&p->more);
    while (p->running > 0 && pthread_cond_timedwait(&p->gone, &p->mu, &until) != ETIMEDOUT) {}
    bool all = p->running == 0;
    bool first = !p->joined;
    p->joined = true;
    pthread_mutex_unlock(&p->mu);
    /* the late ones run on, detached: the caller must keep what they use
     * (or call again until true) */
    for (int i = 0; first && i < p->nthreads; i++) {
        if (all) pthread_join(p->threads[i], NULL);
        else pthread_detach(p->threads[i]);
    }
    return all;
}

void srv_pool_free(srv_pool *p)
{
    if (!p) return;
    srv_pool_stop(p);
    pthread_cond_destroy(&p->gone);
    pthread_cond_destroy(&p->more);
    pthread_mutex_destroy(&p->mu);
    free(p->ring);
    free(p->heavy);
    free(p->threads);
    free(p);
}
