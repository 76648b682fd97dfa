/* daemon.c -- starting and stopping build/dungeond for the HTTP tests, and
 * a small libcurl wrapper; see daemon.h. */
#include "daemon.h"

#include <criterion/criterion.h>
#include <jansson.h>
#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dg.h"
#include "render.h"

bool td_binary(char *out, size_t cap)
{
    snprintf(out, cap, "%s/dungeond", DG_BUILD_DIR);
    return access(out, X_OK) == 0;
}

static void nap_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

bool td_start(td_daemon *d, const char *const *extra)
{
    return td_start_limited(d, extra, 0);
}

bool td_start_limited(td_daemon *d, const char *const *extra, size_t as_bytes)
{
    memset(d, 0, sizeof *d);
    char bin[4096], portfile[128];
    if (!td_binary(bin, sizeof bin)) return false;
    snprintf(d->dir, sizeof d->dir, "/tmp/dgtest-XXXXXX");
    if (!mkdtemp(d->dir)) return false;
    snprintf(portfile, sizeof portfile, "%s/port", d->dir);
    const char *argv[64];
    int n = 0;
    argv[n++] = bin;
    argv[n++] = "--address";
    argv[n++] = "127.0.0.1";
    argv[n++] = "--port";
    argv[n++] = "0";
    argv[n++] = "--port-file";
    argv[n++] = portfile;
    argv[n++] = "--access-log";
    argv[n++] = "off";
    for (size_t i = 0; extra && extra[i] && n < 62; i++) argv[n++] = extra[i];
    argv[n] = NULL;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) return false;
    if (pid == 0) {
        /* A failed assertion ends the test before td_stop: the daemon goes
         * with it rather than living on, holding the runner's output pipe
         * open (ctest would wait on it). */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);
        /* the log goes to the scratch dir; td_stop shows it on a failure */
        char log[128];
        snprintf(log, sizeof log, "%s/log", d->dir);
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        if (as_bytes) {
            struct rlimit rl = {(rlim_t)as_bytes, (rlim_t)as_bytes};
            if (setrlimit(RLIMIT_AS, &rl) != 0) _exit(127);
        }
        execv(bin, (char *const *)argv);
        _exit(127);
    }
    d->pid = pid;
    for (int i = 0; i < 500; i++) {
        FILE *f = fopen(portfile, "r");
        if (f) {
            int port = 0;
            if (fscanf(f, "%d", &port) == 1 && port > 0) d->port = port;
            fclose(f);
        }
        if (d->port) break;
        int st;
        if (waitpid(pid, &st, WNOHANG) == pid) { d->pid = 0; return false; }
        nap_ms(10);
    }
    if (!d->port) { td_stop(d, SIGKILL); return false; }
    snprintf(d->base, sizeof d->base, "http://127.0.0.1:%d", d->port);
    return true;
}

void td_suite_init(void)
{
    char bin[4096];
    if (!td_binary(bin, sizeof bin)) cr_skip_test("build/dungeond not built");
    curl_global_init(CURL_GLOBAL_DEFAULT);
}

void td_suite_fini(void) { curl_global_cleanup(); }

void td_suite_start(td_daemon *d, const char *const *extra)
{
    td_suite_init();
    cr_assert(td_start(d, extra), "daemon did not start");
}

void td_suite_stop(td_daemon *d)
{
    if (d->pid) cr_expect_eq(td_stop(d, SIGTERM), 0, "daemon exit status");
    td_suite_fini();
}

int td_connect(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

int td_stop(td_daemon *d, int sig)
{
    int code = -1;
    if (d->pid > 0) {
        kill(d->pid, sig);
        int st = 0;
        /* a daemon that will not stop is a failure, not a hang */
        for (int i = 0; i < 3000; i++) {
            pid_t w = waitpid(d->pid, &st, WNOHANG);
            if (w == d->pid) {
                code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
                break;
            }
            nap_ms(10);
        }
        if (code < 0) {
            kill(d->pid, SIGKILL);
            waitpid(d->pid, &st, 0);
            code = 255;
        }
        d->pid = 0;
    }
    if (d->dir[0]) {
        char p[128];
        snprintf(p, sizeof p, "%s/log", d->dir);
        if (code != 0 && sig != SIGKILL) {
            FILE *f = fopen(p, "r");
            char line[512];
            fprintf(stderr, "dungeond exited %d; its log:\n", code);
            while (f && fgets(line, sizeof line, f)) fputs(line, stderr);
            if (f) fclose(f);
        }
        unlink(p);
        snprintf(p, sizeof p, "%s/port", d->dir);
        unlink(p);
        rmdir(d->dir);
        d->dir[0] = '\0';
    }
    return code;
}

size_t td_log(const td_daemon *d, char *out, size_t cap)
{
    char p[128];
    snprintf(p, sizeof p, "%s/log", d->dir);
    FILE *f = fopen(p, "r");
    size_t n = f ? fread(out, 1, cap - 1, f) : 0;
    if (f) fclose(f);
    out[n] = '\0';
    return n;
}

int td_get_on(int fd, const char *path)
{
    char req[256], buf[4096];
    int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", path);
    if (send(fd, req, (size_t)n, MSG_NOSIGNAL) != n) return -1;
    struct timeval tv = {5, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    size_t have = 0;
    while (have < sizeof buf - 1) {
        ssize_t k = recv(fd, buf + have, sizeof buf - 1 - have, 0);
        if (k <= 0) return -1;
        have += (size_t)k;
        buf[have] = '\0';
        char *end = strstr(buf, "\r\n\r\n");
        const char *cl = strstr(buf, "Content-Length: "); /* as MHD writes it */
        if (end && cl && have >= (size_t)(end + 4 - buf) + strtoul(cl + 16, NULL, 10)) break;
    }
    int status = 0;
    return sscanf(buf, "HTTP/1.1 %d", &status) == 1 ? status : -1;
}

static int occurrences(const char *text, const char *needle)
{
    int n = 0;
    for (const char *at = strstr(text, needle); at; at = strstr(at + 1, needle)) n++;
    return n;
}

bool td_wait_log(const td_daemon *d, const char *needle, int times, char *out, size_t cap)
{
    for (int i = 0; i < 500; i++) {
        td_log(d, out, cap);
        if (occurrences(out, needle) >= times) return true;
        usleep(10000);
    }
    return false;
}

void td_metrics(const td_daemon *d, char *out, size_t cap)
{
    td_resp r;
    cr_assert(td_request(d->base, "GET", "/metrics", NULL, NULL, 0, &r));
    cr_assert_eq(r.status, 200);
    snprintf(out, cap, "%.*s", (int)r.len, (const char *)r.body);
    td_resp_free(&r);
}

bool td_wait_metric(const td_daemon *d, const char *needle, char *out, size_t cap)
{
    for (int i = 0; i < 500; i++) {
        td_metrics(d, out, cap);
        if (strstr(out, needle)) return true;
        usleep(10000);
    }
    return false;
}

static size_t grow(unsigned char **p, size_t *len, const void *data, size_t n)
{
    unsigned char *q = realloc(*p, *len + n + 1);
    if (!q) return 0;
    memcpy(q + *len, data, n);
    *len += n;
    q[*len] = '\0';
    *p = q;
    return n;
}

static size_t on_body(char *data, size_t size, size_t nmemb, void *cls)
{
    td_resp *r = cls;
    return grow(&r->body, &r->len, data, size * nmemb);
}

static size_t on_header(char *data, size_t size, size_t nmemb, void *cls)
{
    td_resp *r = cls;
    return grow((unsigned char **)&r->headers, &r->hlen, data, size * nmemb);
}

bool td_request(const char *base, const char *method, const char *target,
                const char *const *headers, const char *body, size_t body_len, td_resp *out)
{
    memset(out, 0, sizeof *out);
    CURL *c = curl_easy_init();
    if (!c) return false;
    char url[8192];
    snprintf(url, sizeof url, "%s%s", base, target);
    struct curl_slist *hl = NULL;
    for (size_t i = 0; headers && headers[i]; i++) hl = curl_slist_append(hl, headers[i]);
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_PATH_AS_IS, 1L);          /* send "..": that is the test */
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, hl);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, out);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, out);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 60L);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    if (method && !strcmp(method, "HEAD")) curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
    else if (method && strcmp(method, "GET")) curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    if (body) {
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, (long)body_len);
        if (!method) curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, "POST");
    }
    CURLcode rc = curl_easy_perform(c);
    if (rc == CURLE_OK) {
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &out->status);
        curl_easy_getinfo(c, CURLINFO_NUM_CONNECTS, &out->connects);
    } else {
        fprintf(stderr, "curl %s: %s\n", url, curl_easy_strerror(rc));
    }
    curl_slist_free_all(hl);
    curl_easy_cleanup(c);
    return rc == CURLE_OK;
}

void td_resp_free(td_resp *r)
{
    free(r->body);
    free(r->headers);
    memset(r, 0, sizeof *r);
}

bool td_header(const td_resp *r, const char *name, char *out, size_t cap)
{
    size_t n = strlen(name);
    for (const char *p = r->headers; p && *p;) {
        const char *eol = strstr(p, "\r\n");
        if (!eol) eol = p + strlen(p);
        if ((size_t)(eol - p) > n && !strncasecmp(p, name, n) && p[n] == ':') {
            const char *v = p + n + 1;
            while (*v == ' ') v++;
            size_t len = (size_t)(eol - v);
            if (len >= cap) len = cap - 1;
            memcpy(out, v, len);
            out[len] = '\0';
            return true;
        }
        p = *eol ? eol + 2 : eol;
    }
    return false;
}

bool td_expected(const char *query, int fmt, unsigned char **body, size_t *len)
{
    /* the daemon's own parse, redone by hand: k=v pairs, no escapes */
    const char *keys[32], *values[32];
    char buf[1024];
    size_t n = 0;
    snprintf(buf, sizeof buf, "%s", query);
    for (char *save = NULL, *kv = strtok_r(buf, "&", &save); kv && n < 31; kv = strtok_r(NULL, "&", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq) continue;
        *eq = '\0';
        keys[n] = kv;
        values[n] = eq + 1;
        n++;
    }
    keys[n] = "format";
    values[n] = dg_format_name((dg_format)fmt);
    n++;
    dg_options o;
    dg_error err;
    dg_error_clear(&err);
    dg_dungeon *d = NULL;
    dg_buf b;
    dg_buf_init(&b);
    bool ok = dg_options_parse(&o, n, keys, values, NULL, &err) == DG_OK
              && dg_generate(&o, &d, &err) == DG_OK
              && dg_render(d, (dg_format)fmt, &b, &err) == DG_OK;
    dg_dungeon_free(d);
    if (!ok) {
        fprintf(stderr, "expected %s: %s\n", query, err.msg);
        dg_buf_fini(&b);
        return false;
    }
    *body = dg_buf_steal(&b, len);
    return true;
}

td_resp td_get(const char *base, const char *target, const char *const *headers)
{
    td_resp r;
    cr_assert(td_request(base, "GET", target, headers, NULL, 0, &r), "GET %s failed", target);
    return r;
}

json_t *td_body_json(const td_resp *r)
{
    json_error_t je;
    json_t *j = json_loadb((const char *)r->body, r->len, 0, &je);
    cr_assert_not_null(j, "body is not JSON (%s): %.*s", je.text, (int)(r->len > 200 ? 200 : r->len),
                       (const char *)r->body);
    return j;
}
