/* main.c -- dungeond: arguments, config (defaults < file < DUNGEOND_* <
 * flags), start, signals, orderly shutdown. Serving is http.c's. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "srv.h"

#ifndef DUNGEOND_VERSION
#define DUNGEOND_VERSION "0.0.0"
#endif

extern char **environ;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: dungeond [options]\n"
            "Serves dungeon maps over HTTP: GET /dungeon.json|.png|.txt|.donjon.json|.uvtt|\n"
            ".foundry.json?options, POST /dungeon, the form at /, /openapi.yaml, /healthz,\n"
            "/metrics.\n\n"
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
    fprintf(stderr, "dungeond: %s: %s\n", what, e->msg[0] ? e->msg : dg_status_name(e->code));
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

static int write_port_file(const char *path, int port)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) return -1;
    fprintf(f, "%d\n", port);
    /* rename: a reader never sees a half-written number */
    if (fclose(f) != 0 || rename(tmp, path) != 0) return -1;
    return 0;
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
            if (!config_path) { fprintf(stderr, "dungeond: --config needs a file\n"); return 2; }
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
            if (!v) { fprintf(stderr, "dungeond: --port-file needs a file\n"); return 2; }
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
    if (check) {
        srv_config_print(&cfg, stdout);
        return 0;
    }

    srv_log_setup(&cfg);
    if (srv_static_init(&err) != DG_OK) return fail("web files", &err);
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
        srv_static_fini();
        return fail("start", &err);
    }
    int port = srv_http_port(h);
    srv_log("info", "dungeond %s listening on http://%s%s%s:%d/ (io_threads %d, workers %d, cache %s)",
            DUNGEOND_VERSION, strchr(cfg.address, ':') ? "[" : "", cfg.address,
            strchr(cfg.address, ':') ? "]" : "", port, cfg.io_threads, cfg.workers,
            cfg.cache ? "on" : "off");
    if (port_file && write_port_file(port_file, port) != 0)
        srv_log("warn", "cannot write port file %s: %s", port_file, strerror(errno));

    int sig = 0;
    while (sigwait(&set, &sig) != 0) {}
    srv_log("info", "%s: draining in-flight requests", sig == SIGTERM ? "SIGTERM" : "SIGINT");
    srv_http_stop(h);
    srv_static_fini();
    srv_log("info", "stopped");
    return 0;
}
