/* test_srv_pool.c -- the worker pool: jobs run, a full queue says busy at
 * once, stopping finishes what was queued; stopping by a deadline leaves a
 * job still running behind instead of waiting for it. */
#include <criterion/criterion.h>
#include <pthread.h>

#include "srv.h"

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static bool open_gate;
static int started, done;

static void gated(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&mu);
    started++;
    pthread_cond_broadcast(&cv);
    while (!open_gate) pthread_cond_wait(&cv, &mu);
    done++;
    pthread_mutex_unlock(&mu);
}

Test(srv_pool, a_full_queue_is_busy_and_stop_finishes_the_queue, .timeout = 60)
{
    srv_pool *p = NULL;
    cr_assert_eq(srv_pool_new(1, 2, &p, NULL), DG_OK);
    cr_assert_eq(srv_pool_submit(p, gated, NULL, NULL), DG_OK);   /* runs, blocks */
    /* wait until the worker runs it, so the queue is empty, however long a
     * loaded machine takes to schedule it (the test's timeout bounds it) */
    pthread_mutex_lock(&mu);
    while (started == 0) pthread_cond_wait(&cv, &mu);
    pthread_mutex_unlock(&mu);
    cr_assert_eq(srv_pool_submit(p, gated, NULL, NULL), DG_OK);
    cr_assert_eq(srv_pool_submit(p, gated, NULL, NULL), DG_OK);
    cr_assert_eq(srv_pool_waiting(p), 2);
    dg_error err;
    dg_error_clear(&err);
    cr_assert_eq(srv_pool_submit(p, gated, NULL, &err), DG_EBUSY);
    cr_assert_eq(err.code, DG_EBUSY);
    pthread_mutex_lock(&mu);
    open_gate = true;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
    srv_pool_stop(p);
    cr_assert_eq(done, 3, "queued jobs were dropped");
    cr_assert_eq(srv_pool_submit(p, gated, NULL, NULL), DG_EBUSY);
    srv_pool_free(p);
}

Test(srv_pool, stop_by_a_deadline_leaves_a_job_still_running_behind, .timeout = 60)
{
    pthread_mutex_lock(&mu);
    open_gate = false;
    started = done = 0;
    pthread_mutex_unlock(&mu);
    srv_pool *p = NULL;
    cr_assert_eq(srv_pool_new(1, 2, &p, NULL), DG_OK);
    cr_assert_eq(srv_pool_submit(p, gated, NULL, NULL), DG_OK);
    pthread_mutex_lock(&mu);
    while (started < 1) pthread_cond_wait(&cv, &mu);
    pthread_mutex_unlock(&mu);
    uint64_t t0 = srv_now_ns();
    cr_assert(!srv_pool_stop_by(p, t0 + 100u * 1000000u), "a job still running, yet all stopped");
    uint64_t waited = srv_now_ns() - t0;
    cr_assert_lt(waited, 2000000000u, "stop_by waited %llu ns past its deadline", (unsigned long long)waited);
    cr_assert_eq(srv_pool_submit(p, gated, NULL, NULL), DG_EBUSY);
    /* the detached worker ends by itself once let go; then the pool may go */
    pthread_mutex_lock(&mu);
    open_gate = true;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
    cr_assert(srv_pool_stop_by(p, srv_now_ns() + 30000000000u), "the worker never ended");
    cr_assert_eq(done, 1);
    srv_pool_free(p);
}

Test(srv_pool, stop_by_with_nothing_running_joins_every_worker)
{
    srv_pool *p = NULL;
    cr_assert_eq(srv_pool_new(3, 4, &p, NULL), DG_OK);
    cr_assert(srv_pool_stop_by(p, srv_now_ns() + 2000000000u));
    srv_pool_free(p);   /* joined already: nothing left to wait for */
}

static int cheap_ran;
static void cheap(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&mu);
    cheap_ran++;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
}

/* Heavy jobs never hold the last worker: with two workers and heavy jobs
 * queued behind a running one, a cheap job still runs at once. */
Test(srv_pool, heavy_jobs_leave_a_worker_for_cheap_ones, .timeout = 60)
{
    srv_pool *p = NULL;
    open_gate = false;
    started = done = cheap_ran = 0;
    cr_assert_eq(srv_pool_new(2, 8, &p, NULL), DG_OK);
    for (int k = 0; k < 3; k++) cr_assert_eq(srv_pool_submit_as(p, true, gated, NULL, NULL), DG_OK);
    pthread_mutex_lock(&mu);
    while (started < 1) pthread_cond_wait(&cv, &mu);
    pthread_mutex_unlock(&mu);
    cr_assert_eq(srv_pool_submit_as(p, false, cheap, NULL, NULL), DG_OK);
    pthread_mutex_lock(&mu);
    while (cheap_ran < 1) pthread_cond_wait(&cv, &mu);
    cr_assert_eq(started, 1, "a second heavy job took the last worker");
    open_gate = true;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
    srv_pool_stop(p);
    cr_assert_eq(done, 3, "stopping runs the queued heavy jobs");
    srv_pool_free(p);
}
