/* config.c -- srv_config from built-in defaults, a config file, DUNGEOND_*
 * variables and flags, each key with its default and hard limit in one
 * table; what the keys mean to the daemon is left to http.c and main.c. */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "srv.h"

typedef enum { K_INT, K_SIZE, K_BOOL, K_ADDR, K_LOGFMT } kind;

typedef struct {
    const char *name;
    kind type;
    size_t off;
    long long lo, hi;        /* K_INT / K_SIZE range */
    const char *def;         /* default, as text (also what --help shows) */
    const char *doc;
} key_def;

#define OFF(f) offsetof(srv_config, f)
/* The hard caps below are what this build is tested to survive; a file can
 * lower them, never raise them. max_dim/max_cell may not exceed the core's. */
static const key_def keys[] = {
    {"address", K_ADDR, OFF(address), 0, 0, "0.0.0.0", "listen address (IPv4 or IPv6 literal)"},
    {"port", K_INT, OFF(port), 0, 65535, "8080", "listen port; 0 picks a free one"},
    {"io_threads", K_INT, OFF(io_threads), 0, 64, "0", "HTTP (epoll) threads; 0 = one per CPU"},
    {"workers", K_INT, OFF(workers), 0, 256, "0", "generation threads; 0 = one per CPU"},
    {"queue_depth", K_INT, OFF(queue_depth), 1, 65536, "256", "requests waiting for a worker; beyond: 503"},
    {"inline_us", K_INT, OFF(inline_us), 0, 100000, "2000", "maps estimated under this many microseconds are made on the HTTP thread; 0 = all go to workers"},
    {"cache", K_BOOL, OFF(cache), 0, 1, "on", "response cache on|off"},
    {"cache_bytes", K_SIZE, OFF(cache_bytes), 0, 16LL << 30, "67108864", "cache byte cap (16 GiB max)"},
    {"memory_budget", K_SIZE, OFF(memory_budget), 0, 64LL << 30, "1073741824",
     "estimated bytes of maps being made at once; beyond: 503; 0 = no limit"},
    {"max_dim", K_INT, OFF(max_dim), DG_MIN_DIM, DG_MAX_DIM, "1001", "max rows and cols of a map"},
    {"max_cell", K_INT, OFF(max_cell), DG_MIN_CELL_PX, DG_MAX_CELL_PX, "32", "max cell size in pixels"},
    {"body_limit", K_SIZE, OFF(body_limit), 64, 1 << 20, "16384", "request body bytes, any method; beyond: 413"},
    {"max_connections", K_INT, OFF(max_connections), 1, 65536, "1024", "open connections in total"},
    /* 128: twice the 64 connections the load test and bench_http.sh open
     * from one address, an eighth of max_connections, so one client cannot
     * take the whole daemon */
    {"per_ip_connections", K_INT, OFF(per_ip_connections), 0, 65536, "128", "connections per client address; 0 = no limit"},
    {"timeout", K_INT, OFF(timeout), 1, 3600, "30", "seconds a connection may stay silent (not a limit on a slow request)"},
    {"header_timeout", K_INT, OFF(header_timeout), 0, 3600, "20",
     "seconds a client has to send a request's line and headers; 0 = no limit"},
    {"body_timeout", K_INT, OFF(body_timeout), 0, 3600, "20",
     "seconds a client has to send a request's body once its headers are in; 0 = no limit"},
    {"shutdown_timeout", K_INT, OFF(shutdown_timeout), 0, 3600, "30", "seconds to finish in-flight requests on SIGTERM"},
    {"retry_after", K_INT, OFF(retry_after), 1, 3600, "1", "Retry-After seconds sent with 503"},
    {"access_log", K_BOOL, OFF(access_log), 0, 1, "on", "one line per request on stderr, on|off"},
    {"log_format", K_LOGFMT, OFF(log_format), 0, 0, "plain", "plain|json"},
};
#define NKEYS (sizeof keys / sizeof keys[0])

/* '-' and '_' are the same in keys so flags read naturally (--cache-bytes). */
static bool key_eq(const char *a, const char *b)
{
    for (;; a++, b++) {
        char x = *a == '-' ? '_' : (char)tolower((unsigned char)*a);
        char y = *b == '-' ? '_' : (char)tolower((unsigned char)*b);
        if (x != y) return false;
        if (!x) return true;
    }
}

static const key_def *find(const char *key)
{
    for (size_t i = 0; i < NKEYS; i++)
        if (key_eq(keys[i].name, key)) return &keys[i];
    return NULL;
}

bool srv_config_known(const char *key) { return find(key) != NULL; }

static dg_status parse_num(const key_def *k, const char *v, long long *out,
                           dg_error *err)
{
    char allowed[96];
    snprintf(allowed, sizeof allowed, "%lld..%lld", k->lo, k->hi);
    errno = 0;
    char *end = NULL;
    long long n = strtoll(v, &end, 10);
    if (!*v || errno || end == v) goto bad;
    /* sizes may carry a binary suffix: 64M reads better than 67108864 */
    if (k->type == K_SIZE && *end) {
        long long mul = 0;
        switch (toupper((unsigned char)*end)) {
        case 'K': mul = 1LL << 10; break;
        case 'M': mul = 1LL << 20; break;
        case 'G': mul = 1LL << 30; break;
        default: goto bad;
        }
        const char *rest = end + 1;
        if (strcasecmp(rest, "") && strcasecmp(rest, "B") && strcasecmp(rest, "iB")) goto bad;
        if (n > k->hi / mul + 1) goto range;
        n *= mul;
        end = (char *)rest + strlen(rest);
    }
    if (*end) goto bad;
    if (n < k->lo || n > k->hi) goto range;
    *out = n;
    return DG_OK;
bad:
    return dg_error_set(err, DG_EINVAL, k->name, v, allowed, "%s must be a whole number", k->name);
range:
    return dg_error_set(err, DG_EINVAL, k->name, v, allowed, "%s is out of range", k->name);
}

static dg_status parse_bool(const key_def *k, const char *v, bool *out, dg_error *err)
{
    static const char *yes[] = {"on", "yes", "true", "1"}, *no[] = {"off", "no", "false", "0"};
    for (size_t i = 0; i < 4; i++) {
        if (!strcasecmp(v, yes[i])) { *out = true; return DG_OK; }
        if (!strcasecmp(v, no[i])) { *out = false; return DG_OK; }
    }
    return dg_error_set(err, DG_EINVAL, k->name, v, "on|off", "%s must be on or off", k->name);
}

dg_status srv_config_set(srv_config *c, const char *key, const char *value,
                         dg_error *err)
{
    const key_def *k = find(key);
    if (!k) return dg_error_set(err, DG_EINVAL, key, value, "", "unknown config key \"%s\"", key);
    char *field = (char *)c + k->off;
    long long n = 0;
    dg_status rc;
    switch (k->type) {
    case K_INT:
        if ((rc = parse_num(k, value, &n, err)) != DG_OK) return rc;
        if (!strcmp(k->name, "max_dim") && n % 2 == 0)
            return dg_error_set(err, DG_EINVAL, k->name, value, "odd, 7..4001",
                                "max_dim must be odd (maps have odd sizes)");
        *(int *)(void *)field = (int)n;
        return DG_OK;
    case K_SIZE:
        if ((rc = parse_num(k, value, &n, err)) != DG_OK) return rc;
        *(size_t *)(void *)field = (size_t)n;
        return DG_OK;
    case K_BOOL:
        return parse_bool(k, value, (bool *)(void *)field, err);
    case K_ADDR: {
        /* The same test http.c makes before binding, so --check-config
         * refuses exactly what the daemon would refuse at start. */
        size_t len = strlen(value);
        unsigned char bin[sizeof(struct in6_addr)];
        if (len >= sizeof c->address ||
            (inet_pton(AF_INET, value, bin) != 1 && inet_pton(AF_INET6, value, bin) != 1))
            return dg_error_set(err, DG_EINVAL, k->name, value, "IPv4 or IPv6 literal",
                                "address is not an IP literal");
        memcpy(c->address, value, len + 1);
        return DG_OK;
    }
    case K_LOGFMT:
        if (!strcasecmp(value, "plain")) c->log_format = SRV_LOG_PLAIN;
        else if (!strcasecmp(value, "json")) c->log_format = SRV_LOG_JSON;
        else return dg_error_set(err, DG_EINVAL, k->name, value, "plain|json", "log_format must be plain or json");
        return DG_OK;
    }
    return DG_OK;
}

void srv_config_init(srv_config *c)
{
    memset(c, 0, sizeof *c);
    for (size_t i = 0; i < NKEYS; i++) {
        dg_status rc = srv_config_set(c, keys[i].name, keys[i].def, NULL);
        (void)rc;
    }
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
    return s;
}

dg_status srv_config_load(srv_config *c, const char *path, dg_error *err)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return dg_error_set(err, DG_EIO, "config", path, "a readable file",
                            "cannot read config file %s: %s", path, strerror(errno));
    /* fopen opens a directory too, and fgets then fails at once: that read
     * as an empty file, so a wrong path passed for a valid config. (Pipes
     * stay allowed: --config <(...) is a fair use.) */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return dg_error_set(err, DG_EIO, "config", path, "a readable file",
                            "config file %s is a directory", path);
    }
    char line[1024];
    int lineno = 0;
    dg_status rc = DG_OK;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash) *hash = '\0';
        char *s = trim(line);
        if (!*s) continue;
        char *eq = strchr(s, '=');
        if (!eq) {
            rc = dg_error_set(err, DG_EINVAL, "config", s, "key = value",
                              "%s:%d: expected key = value", path, lineno);
            break;
        }
        *eq = '\0';
        char *k = trim(s), *v = trim(eq + 1);
        dg_error e;
        dg_error_clear(&e);
        if ((rc = srv_config_set(c, k, v, &e)) != DG_OK) {
            dg_error_set(err, rc, e.param, e.value, e.allowed, "%s:%d: %s", path, lineno, e.msg);
            break;
        }
    }
    /* a read error is not the end of the file: the settings are partial */
    if (rc == DG_OK && ferror(f))
        rc = dg_error_set(err, DG_EIO, "config", path, "a readable file",
                          "cannot read config file %s: %s", path, strerror(errno));
    fclose(f);
    return rc;
}

dg_status srv_config_env(srv_config *c, char *const envp[], dg_error *err)
{
    static const char prefix[] = "DUNGEOND_";
    for (size_t i = 0; envp && envp[i]; i++) {
        if (strncmp(envp[i], prefix, sizeof prefix - 1)) continue;
        const char *name = envp[i] + sizeof prefix - 1;
        const char *eq = strchr(name, '=');
        if (!eq) continue;
        char key[64];
        size_t n = (size_t)(eq - name);
        if (n >= sizeof key) n = sizeof key - 1;
        memcpy(key, name, n);
        key[n] = '\0';
        if (!strcasecmp(key, "CONFIG")) continue;
        dg_error e;
        dg_error_clear(&e);
        dg_status rc = srv_config_set(c, key, eq + 1, &e);
        if (rc != DG_OK)
            return dg_error_set(err, rc, e.param, e.value, e.allowed, "DUNGEOND_%s: %s", key, e.msg);
    }
    return DG_OK;
}

void srv_config_resolve(srv_config *c)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (cpus < 1) cpus = 1;
    if (cpus > 64) cpus = 64;
    if (c->io_threads == 0) c->io_threads = (int)cpus;
    if (c->workers == 0) c->workers = (int)cpus;
    /* MHD splits the connection limit between its threads: each needs one */
    if (c->io_threads > c->max_connections) c->io_threads = c->max_connections;
}

dg_limits srv_config_limits(const srv_config *c)
{
    dg_limits lim = dg_limits_default();
    lim.max_dim = c->max_dim;
    lim.max_cell = c->max_cell;
    return lim;
}

void srv_config_print(const srv_config *c, FILE *out)
{
    for (size_t i = 0; i < NKEYS; i++) {
        const key_def *k = &keys[i];
        const char *field = (const char *)c + k->off;
        fprintf(out, "%s = ", k->name);
        switch (k->type) {
        case K_INT: fprintf(out, "%d\n", *(const int *)(const void *)field); break;
        case K_SIZE: fprintf(out, "%zu\n", *(const size_t *)(const void *)field); break;
        case K_BOOL: fprintf(out, "%s\n", *(const bool *)(const void *)field ? "on" : "off"); break;
        case K_ADDR: fprintf(out, "%s\n", c->address); break;
        case K_LOGFMT: fprintf(out, "%s\n", c->log_format == SRV_LOG_JSON ? "json" : "plain"); break;
        }
    }
}

/* What SIGHUP may change in a running daemon: values read afresh at each
 * use, each one word stored atomically (srv_http_reload). The rest is
 * fixed at start -- sockets, threads, the cache, and the limits that the
 * /options document and the form pages were built from and that requests
 * in flight already sized their buffers by (body_limit). */
static const char *const reloadable[] = {
    "access_log", "log_format", "retry_after", "memory_budget", "inline_us", "shutdown_timeout",
};

static bool is_reloadable(const char *name)
{
    for (size_t i = 0; i < sizeof reloadable / sizeof reloadable[0]; i++)
        if (!strcmp(reloadable[i], name)) return true;
    return false;
}

static bool same_value(const key_def *k, const srv_config *a, const srv_config *b)
{
    const char *fa = (const char *)a + k->off, *fb = (const char *)b + k->off;
    switch (k->type) {
    case K_INT: return *(const int *)(const void *)fa == *(const int *)(const void *)fb;
    case K_SIZE: return *(const size_t *)(const void *)fa == *(const size_t *)(const void *)fb;
    case K_BOOL: return *(const bool *)(const void *)fa == *(const bool *)(const void *)fb;
    case K_ADDR: return !strcmp(a->address, b->address);
    case K_LOGFMT: return a->log_format == b->log_format;
    }
    return true;
}

static void append_key(char *out, size_t cap, const char *name)
{
    size_t n = strlen(out);
    snprintf(out + n, cap - n, "%s%s", n ? ", " : "", name);
}

void srv_config_changes(const srv_config *was, const srv_config *now, char *applied,
                        char *restart, size_t cap)
{
    applied[0] = restart[0] = '\0';
    for (size_t i = 0; i < NKEYS; i++) {
        if (same_value(&keys[i], was, now)) continue;
        append_key(is_reloadable(keys[i].name) ? applied : restart, cap, keys[i].name);
    }
}

void srv_config_take_reloadable(srv_config *running, const srv_config *next)
{
    static const size_t size[] = {[K_INT] = sizeof(int), [K_SIZE] = sizeof(size_t), [K_BOOL] = sizeof(bool),
                                  [K_LOGFMT] = sizeof(srv_log_format)};
    for (size_t i = 0; i < NKEYS; i++)
        if (is_reloadable(keys[i].name) && keys[i].type != K_ADDR)
            memcpy((char *)running + keys[i].off, (const char *)next + keys[i].off, size[keys[i].type]);
}

void srv_config_usage(FILE *out)
{
    for (size_t i = 0; i < NKEYS; i++) {
        const key_def *k = &keys[i];
        char flag[48];
        snprintf(flag, sizeof flag, "--%s", k->name);
        for (char *p = flag + 2; *p; p++)
            if (*p == '_') *p = '-';
        fprintf(out, "  %-22s %s (default %s", flag, k->doc, k->def);
        if (k->type == K_INT || k->type == K_SIZE) fprintf(out, ", %lld..%lld", k->lo, k->hi);
        fprintf(out, ")\n");
    }
}
