/* daemon.h -- test helpers: start build/dungeond on a free loopback port,
 * stop it with a signal, and make HTTP requests with libcurl. */
#ifndef TEST_DAEMON_H
#define TEST_DAEMON_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct {
    pid_t pid;
    int port;
    char dir[64];            /* scratch directory (port file) */
    char base[64];           /* "http://127.0.0.1:PORT" */
} td_daemon;

/* Starts the daemon with extra flags (NULL-terminated); false if it did
 * not come up within 5 s. The access log is off unless a flag turns it on. */
bool td_start(td_daemon *d, const char *const *extra);
/* The same under an address-space limit (RLIMIT_AS) of as_bytes; 0: none.
 * A sanitizer build cannot start under one (false). */
bool td_start_limited(td_daemon *d, const char *const *extra, size_t as_bytes);
/* A suite's .init/.fini: skips the test when build/dungeond is not built,
 * sets up (and cleans up) libcurl. */
void td_suite_init(void);
void td_suite_fini(void);
/* The same, with a daemon the suite's tests share: started with extra
 * flags (NULL: none); td_suite_stop expects a clean exit 0. */
void td_suite_start(td_daemon *d, const char *const *extra);
void td_suite_stop(td_daemon *d);
/* A loopback TCP connection to port, or -1 with errno set. */
int td_connect(int port);
/* Sends a kept-alive GET of path on the connection fd and reads the whole
 * answer (up to 4 KB; 5 s at most); its status, or -1. */
int td_get_on(int fd, const char *path);
/* Sends sig, waits; the exit status (or 128 + signal if it died of one). */
int td_stop(td_daemon *d, int sig);
/* The daemon's stderr so far (the access log, when on) into out. */
size_t td_log(const td_daemon *d, char *out, size_t cap);
/* Polls the log (up to 5 s) until needle occurs times times; out keeps
 * the last text. A request is logged when it completes, just after its
 * answer has gone out, so a client can be faster than the line. */
bool td_wait_log(const td_daemon *d, const char *needle, int times, char *out, size_t cap);
/* The /metrics text into out (NUL-terminated). */
void td_metrics(const td_daemon *d, char *out, size_t cap);
/* Polls /metrics (up to 5 s) until it holds needle; out keeps the last
 * text, for the failure message. Counters move when a request completes,
 * as the log does. */
bool td_wait_metric(const td_daemon *d, const char *needle, char *out, size_t cap);
/* Path of build/dungeond; false when it has not been built. */
bool td_binary(char *out, size_t cap);

typedef struct {
    long status;
    unsigned char *body;
    size_t len;
    char *headers;           /* raw header block, "\r\n"-separated */
    size_t hlen;
    long connects;           /* new connections this request opened */
} td_resp;

/* method NULL is GET; "HEAD" sends no body back. headers: NULL-terminated
 * "Name: value" strings. The target goes out exactly as written. */
bool td_request(const char *base, const char *method, const char *target,
                const char *const *headers, const char *body, size_t body_len,
                td_resp *out);
void td_resp_free(td_resp *r);
/* Value of a response header (case-insensitive name) into out; false if absent. */
bool td_header(const td_resp *r, const char *name, char *out, size_t cap);

/* GET target from the daemon at base (a criterion failure if no answer),
 * and an answer's body as JSON (a failure if it is not); json_decref it. */
td_resp td_get(const char *base, const char *target, const char *const *headers);
struct json_t;
struct json_t *td_body_json(const td_resp *r);

/* The same bytes the daemon should send: generated and encoded here. */
bool td_expected(const char *query, int fmt, unsigned char **body, size_t *len);

#endif
