/* log.c -- levelled message lines and the one access line per request, on
 * stderr, plain or JSON. Each line is a single write(2) so lines from many
 * threads never interleave; counters live in metrics.c. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "srv.h"

static srv_log_format fmt = SRV_LOG_PLAIN;
static bool access_on = true;

/* Set again by SIGHUP while other threads log: each read is one atomic word. */
void srv_log_setup(const srv_config *c)
{
    __atomic_store_n(&fmt, c->log_format, __ATOMIC_RELAXED);
    __atomic_store_n(&access_on, c->access_log, __ATOMIC_RELAXED);
}

uint64_t srv_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void stamp(char out[32])
{
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t n = strftime(out, 32, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out + n, 32 - n, ".%03ldZ", ts.tv_nsec / 1000000L);
}

static void put_line(const char *s, size_t n)
{
    /* stderr may be a closed pipe; the daemon keeps serving regardless */
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, s, n);
        if (w <= 0) return;
        s += w;
        n -= (size_t)w;
    }
}

/* JSON lines go through jansson so any byte in a path is escaped right. */
static void put_json(json_t *obj)
{
    char *s = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(obj);
    if (!s) return;
    size_t n = strlen(s);
    char *line = realloc(s, n + 2);
    if (!line) { free(s); return; }
    line[n] = '\n';
    put_line(line, n + 1);
    free(line);
}

void srv_log(const char *level, const char *f, ...)
{
    char msg[1024], ts[32];
    va_list ap;
    va_start(ap, f);
    vsnprintf(msg, sizeof msg, f, ap);
    va_end(ap);
    stamp(ts);
    if (__atomic_load_n(&fmt, __ATOMIC_RELAXED) == SRV_LOG_JSON) {
        put_json(json_pack("{s:s, s:s, s:s}", "ts", ts, "level", level, "msg", msg));
        return;
    }
    char line[1200];
    int n = snprintf(line, sizeof line, "%s %s %s\n", ts, level, msg);
    if (n > (int)sizeof line - 1) { n = (int)sizeof line - 1; line[n - 1] = '\n'; }
    put_line(line, (size_t)n);
}

void srv_log_access(const char *method, const char *path, unsigned status,
                    size_t bytes, uint64_t micros)
{
    if (!__atomic_load_n(&access_on, __ATOMIC_RELAXED)) return;
    /* Control and non-ASCII bytes become '?': no log injection, and the
     * JSON encoder never meets invalid UTF-8. */
    char clean[2049];
    size_t i = 0;
    for (; path[i] && i < sizeof clean - 1; i++) {
        unsigned char ch = (unsigned char)path[i];
        clean[i] = (ch < 0x21 || ch > 0x7e) ? '?' : (char)ch;
    }
    clean[i] = '\0';
    path = clean;
    char ts[32];
    stamp(ts);
    if (__atomic_load_n(&fmt, __ATOMIC_RELAXED) == SRV_LOG_JSON) {
        put_json(json_pack("{s:s, s:s, s:s, s:i, s:I, s:I}", "ts", ts, "method", method,
                           "path", path, "status", (int)status,
                           "bytes", (json_int_t)bytes, "us", (json_int_t)micros));
        return;
    }
    /* Plain lines are split on spaces by log tools: a raw target never has
     * one (the client must encode it), but cut it so a line stays short. */
    char line[2304];
    int n = snprintf(line, sizeof line, "%s %s %.2048s %u %zu %llu\n", ts, method, path,
                     status, bytes, (unsigned long long)micros);
    if (n > (int)sizeof line - 1) { n = (int)sizeof line - 1; line[n - 1] = '\n'; }
    put_line(line, (size_t)n);
}
