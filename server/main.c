/* main.c -- dungeond: reads its command line (flags.c), then starts,
 * waits for a signal (SIGHUP reloads) and shuts down in order. Serving is http.c's. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "flags.h"

#ifndef DUNGEOND_VERSION
#define DUNGEOND_VERSION "0.0.0"
#endif

extern char **environ;

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

/* Signals go to this thread only (sigwait in run); every thread started
 * from here on inherits the mask. A closed peer must not kill us. */
static void block_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, set, NULL);
    signal(SIGPIPE, SIG_IGN);
}

static void log_listening(const srv_config *cfg, int port)
{
    srv_log("info", "dungeond %s listening on http://%s%s%s:%d/ (io_threads %d, workers %d, cache %s)",
            DUNGEOND_VERSION, strchr(cfg->address, ':') ? "[" : "", cfg->address,
            strchr(cfg->address, ':') ? "]" : "", port, cfg->io_threads, cfg->workers,
            cfg->cache ? "on" : "off");
    if (cfg->per_ip_connections == 0 || cfg->per_ip_connections >= cfg->max_connections)
        srv_log("warn", "per_ip_connections %d: one client address can hold all %d connections",
                cfg->per_ip_connections, cfg->max_connections);
}

/* SIGHUP, as nginx does: reads the settings again from the same sources
 * (defaults < config file < environment < the flags it was started with)
 * and applies those a running daemon can take (srv_config_changes); the
 * rest is logged as needing a restart. A file with an error changes
 * nothing. Requests keep flowing throughout: nothing is stopped. */
static void reload(srv_http *h, srv_config *running, int argc, char **argv)
{
    srv_config next;
    srv_flags fl;
    /* srv_flags_read has said on stderr what is wrong, if anything */
    if (srv_flags_read(argc, argv, environ, &next, &fl) >= 0) {
        srv_log("error", "SIGHUP: the settings have an error; nothing changed, serving on as before");
        return;
    }
    char applied[512], restart[512];
    srv_config_changes(running, &next, applied, restart, sizeof applied);
    srv_http_reload(h, &next);
    srv_config_take_reloadable(running, &next);
    srv_log("info", "SIGHUP: settings read again; applied: %s%s%s%s", applied[0] ? applied : "none changed",
            restart[0] ? "; changed but fixed until a restart: " : "", restart,
            restart[0] ? " (kept as running)" : "");
}

/* Starts the daemon, serves until SIGTERM or SIGINT (SIGHUP reloads),
 * drains and stops. Returns the exit status. */
static int run(const srv_config *start_cfg, const srv_flags *fl, int argc, char **argv)
{
    srv_config running = *start_cfg;
    const srv_config *cfg = &running;
    dg_error err;
    dg_error_clear(&err);
    port_out pf = {0};
    if (fl->port_file && port_file_open(&pf, fl->port_file, &err) != DG_OK)
        return srv_flags_fail("port file", &err);
    if (fl->check) {
        port_file_abandon(&pf);
        srv_config_print(cfg, stdout);
        return 0;
    }

    srv_log_setup(cfg);
    dg_limits lim = srv_config_limits(cfg);
    if (srv_static_init(&lim, &err) != DG_OK) {
        port_file_abandon(&pf);
        return srv_flags_fail("web files", &err);
    }
    sigset_t set;
    block_signals(&set);

    srv_http *h = NULL;
    if (srv_http_start(cfg, &h, &err) != DG_OK) {
        port_file_abandon(&pf);
        srv_static_fini();
        return srv_flags_fail("start", &err);
    }
    int port = srv_http_port(h);
    /* "listening" is logged once the port file is there: both say ready */
    if (fl->port_file && port_file_commit(&pf, fl->port_file, port, &err) != DG_OK) {
        /* nobody was told the port: stop at once, nothing can be in flight
         * but what found a fixed port by chance */
        srv_http_stop(h);
        srv_static_fini();
        return srv_flags_fail("port file", &err);
    }
    log_listening(cfg, port);

    int sig = 0;
    for (;;) {
        if (sigwait(&set, &sig) != 0) continue;
        if (sig != SIGHUP) break;
        reload(h, &running, argc, argv);
    }
    srv_log("info", "%s: draining in-flight requests", sig == SIGTERM ? "SIGTERM" : "SIGINT");
    bool clean = srv_http_stop(h);
    if (!clean) {
        /* a worker still runs a map with the daemon's records: end here,
         * before exit's handlers (and a leak checker) run beside it; the
         * log lines are single write(2)s, already out */
        srv_log("info", "stopped");
        _exit(0);
    }
    srv_static_fini();
    srv_log("info", "stopped");
    return 0;
}

int main(int argc, char **argv)
{
    srv_config cfg;
    srv_flags fl;
    int code = srv_flags_read(argc, argv, environ, &cfg, &fl);
    if (code >= 0) return code;
    return run(&cfg, &fl, argc, argv);
}
