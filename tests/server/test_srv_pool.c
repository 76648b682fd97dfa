/* test_srv_pool.c -- the worker pool: jobs run, a full queue says busy at
 * once, stopping finishes what was queued. */
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
