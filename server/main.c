/* main.c -- dungeond: arguments, config (defaults < file < DUNGEOND_* <
 * flags), start, signals, orderly shutdown. Serving is http.c's. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "srv.h"

#ifndef DUNGEOND_VERSION
#define DUNGEOND_VERSION "0.0.0"
#endif

extern char **environ;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: dungeond [options]\n"
            "Serves dungeon maps over HTTP: GET /dungeon.json|.png|.svg|.txt|.donjon.json|\n"
            ".uvtt|.foundry.json?options, POST /dungeon, the form at /, /openapi.yaml,\n"
            "/healthz, /metrics.\n\n"
            "  --help                 this text\n"
            "  --version              version and generator version\n"
            "  --config FILE          read FILE (also DUNGEOND_CONFIG=FILE)\n"
            "  --check-config         validate the config, print the effective one, exit\n"
            "  --port-file FILE       write the bound port to FILE once listening\n\n"
            "Config keys, as flags (--key VALUE or --key=VALUE), file lines (key = value)\n"
            "or environment variables (DUNGEOND_KEY=VALUE); later sources win:\n"
            "defaults < config file < environment < flags.\n");
    srv_config_usage(out);
}

static int fail(const char *what, const dg_error *e)
{
    fprintf(stderr, "dungeond: %s: %s", what, e->msg[0] ? e->msg : dg_status_name(e->code));
    /* the value as given, when the sentence does not already quote it */
    if (e->param[0] && e->value[0] && !strstr(e->msg, e->value))
        fprintf(stderr, " (%s \"%s\")", e->param, e->value);
    fputc('\n', stderr);
    if (e->allowed[0]) fprintf(stderr, "dungeond: allowed: %s\n", e->allowed);
    return 2;
}

/* "--key=value" or "--key value"; *i advances past what was used. */
static const char *flag_value(int argc, char **argv, int *i, const char *arg, char *key, size_t cap)
{
    const char *eq = strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
    if (n >= cap) n = cap - 1;
    memcpy(key, arg, n);
    key[n] = '\0';
    if (eq) return eq + 1;
    if (*i + 1 < argc) return argv[++*i];
    return NULL;
}

/* The port file is made as FILE.tmp before the daemon listens, so a path
 * that cannot be written stops the start (a supervisor waiting for FILE
 * would wait for ever), and renamed to FILE once the port is known, so a
 * reader never sees a half-written number. */
typedef struct {
    FILE *f;
    char tmp[4096];
} port_out;

static dg_status port_file_open(port_out *pf, const char *path, dg_error *err)
{
    pf->f = NULL;
    if (snprintf(pf->tmp, sizeof pf->tmp, "%s.tmp", path) >= (int)sizeof pf->tmp)
        return dg_error_set(err, DG_EINVAL, "port_file", path, "a writable path",
                            "port file path is too long");
    pf->f = fopen(pf->tmp, "w");
    if (!pf->f)
        return dg_error_set(err, DG_EIO, "port_file", path, "a writable path",
                            "cannot write port file %s: %s", path, strerror(errno));
    return DG_OK;
}

/* Leaves nothing behind; for --check-config and failed starts. */
static void port_file_abandon(port_out *pf)
{
    if (!pf->f) return;
    fclose(pf->f);
    pf->f = NULL;
    unlink(pf->tmp);
}

static dg_status port_file_commit(port_out *pf, const char *path, int port, dg_error *err)
{
    fprintf(pf->f, "%d\n", port);
    bool ok = fclose(pf->f) == 0;
    pf->f = NULL;
    if (ok && rename(pf->tmp, path) == 0) return DG_OK;
    int e = errno;
    unlink(pf->tmp);
    return dg_error_set(err, DG_EIO, "port_file", path, "a writable path",
                        "cannot write port file %s: %s", path, strerror(e));
}

int main(int argc, char **argv)
{
    srv_config cfg;
    dg_error err;
    dg_error_clear(&err);
    srv_config_init(&cfg);
    const char *config_path = getenv("DUNGEOND_CONFIG");
    const char *port_file = NULL;
    bool check = false;

    /* first pass: what decides where the settings come from */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
        if (!strcmp(a, "--version")) {
            printf("dungeond %s (generator_version %s)\n", DUNGEOND_VERSION, DG_GENERATOR_VERSION);
            return 0;
        }
        if (!strcmp(a, "--check-config")) check = true;
        else if (!strncmp(a, "--config", 8) && (a[8] == '\0' || a[8] == '=')) {
            char key[64];
            config_path = flag_value(argc, argv, &i, a + 2, key, sizeof key);
            /* an empty DUNGEOND_CONFIG means none; an empty flag is a mistake */
            if (!config_path || !*config_path) { fprintf(stderr, "dungeond: --config needs a file\n"); return 2; }
        }
    }
    if (config_path && *config_path && srv_config_load(&cfg, config_path, &err) != DG_OK)
        return fail("config", &err);
    if (srv_config_env(&cfg, environ, &err) != DG_OK) return fail("environment", &err);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--check-config")) continue;
        if (strncmp(a, "--", 2)) {
            fprintf(stderr, "dungeond: unexpected argument \"%s\" (see --help)\n", a);
            return 2;
        }
        char key[64];
        const char *v = flag_value(argc, argv, &i, a + 2, key, sizeof key);
        if (!strcmp(key, "config")) continue;
        if (!strcmp(key, "port-file") || !strcmp(key, "port_file")) {
            if (!v || !*v) { fprintf(stderr, "dungeond: --port-file needs a file\n"); return 2; }
            port_file = v;
            continue;
        }
        if (!srv_config_known(key)) {
            fprintf(stderr, "dungeond: unknown option --%s (see --help)\n", key);
            return 2;
        }
        if (!v) { fprintf(stderr, "dungeond: --%s needs a value\n", key); return 2; }
        if (srv_config_set(&cfg, key, v, &err) != DG_OK) return fail("flag", &err);
    }
    srv_config_resolve(&cfg);
    port_out pf = {0};
    if (port_file && port_file_open(&pf, port_file, &err) != DG_OK) return fail("port file", &err);
    if (check) {
        port_file_abandon(&pf);
        srv_config_print(&cfg, stdout);
        return 0;
    }

    srv_log_setup(&cfg);
    dg_limits lim = srv_config_limits(&cfg);
    if (srv_static_init(&lim, &err) != DG_OK) {
        port_file_abandon(&pf);
        return fail("web files", &err);
    }
    /* Signals go to this thread only (sigwait below); every thread started
     * from here on inherits the mask. A closed peer must not kill us. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);

    srv_http *h = NULL;
    if (srv_http_start(&cfg, &h, &err) != DG_OK) {
        port_file_abandon(&pf);
        srv_static_fini();
        return fail("start", &err);
    }
    int port = srv_http_port(h);
    /* "listening" is logged once the port file is there: both say ready */
    if (port_file && port_file_commit(&pf, port_file, port, &err) != DG_OK) {
        /* nobody was told the port: stop at once, nothing can be in flight
         * but what found a fixed port by chance */
        srv_http_stop(h);
        srv_static_fini();
        return fail("port file", &err);
    }
    srv_log("info", "dungeond %s listening on http://%s%s%s:%d/ (io_threads %d, workers %d, cache %s)",
            DUNGEOND_VERSION, strchr(cfg.address, ':') ? "[" : "", cfg.address,
            strchr(cfg.address, ':') ? "]" : "", port, cfg.io_threads, cfg.workers,
            cfg.cache ? "on" : "off");
    if (cfg.per_ip_connections == 0 || cfg.per_ip_connections >= cfg.max_connections)
        srv_log("warn", "per_ip_connections %d: one client address can hold all %d connections",
                cfg.per_ip_connections, cfg.max_connections);

    int sig = 0;
    while (sigwait(&set, &sig) != 0) {}
    srv_log("info", "%s: draining in-flight requests", sig == SIGTERM ? "SIGTERM" : "SIGINT");
    srv_http_stop(h);
    srv_static_fini();
    srv_log("info", "stopped");
    return 0;
}
