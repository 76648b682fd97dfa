/* flags.c -- dungeond's command line: --help, --version, --config,
 * --check-config, --port-file and every config key as a flag, layered as
 * defaults < config file < DUNGEOND_* < flags. Starting and stopping the
 * daemon is main.c's; the keys themselves are config.c's. */
#include <stdlib.h>
#include <string.h>

#include "flags.h"

#ifndef DUNGEOND_VERSION
#define DUNGEOND_VERSION "0.0.0"
#endif

static void usage(FILE *out)
{
    /* the map routes are the format rows' (core/formats.c), so a new
     * format is listed without a line here */
    fputs("usage: dungeond [options]\nServes dungeon maps over HTTP: GET /dungeon", out);
    int col = 46;
    for (int f = 0; f < DG_FMT_COUNT; f++) {
        const char *ext = dg_format_ext((dg_format)f);
        if (f) col += fprintf(out, "|");
        if (col + (int)strlen(ext) + 1 > 78) {
            fputs("\n", out);
            col = 0;
        }
        col += fprintf(out, ".%s", ext);
    }
    fprintf(out,
            "?options,\nPOST /dungeon, the form at /, /openapi.yaml, /options, /healthz, /metrics.\n\n"
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

int srv_flags_fail(const char *what, const dg_error *e)
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

/* First pass: what decides where the settings come from (and the flags
 * that answer at once). Returns -1 to go on, else the exit status. */
static int read_sources(int argc, char **argv, const char **config_path, srv_flags *fl)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--version")) {
            printf("dungeond %s (generator_version %s)\n", DUNGEOND_VERSION, DG_GENERATOR_VERSION);
            return 0;
        }
        if (!strcmp(a, "--check-config")) fl->check = true;
        else if (!strncmp(a, "--config", 8) && (a[8] == '\0' || a[8] == '=')) {
            char key[64];
            *config_path = flag_value(argc, argv, &i, a + 2, key, sizeof key);
            /* an empty DUNGEOND_CONFIG means none; an empty flag is a mistake */
            if (!*config_path || !**config_path) {
                fprintf(stderr, "dungeond: --config needs a file\n");
                return 2;
            }
        }
    }
    return -1;
}

/* Second pass: every other flag, over what the file and environment said. */
static int read_settings(int argc, char **argv, srv_config *cfg, srv_flags *fl)
{
    dg_error err;
    dg_error_clear(&err);
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
            if (!v || !*v) {
                fprintf(stderr, "dungeond: --port-file needs a file\n");
                return 2;
            }
            fl->port_file = v;
            continue;
        }
        if (!srv_config_known(key)) {
            fprintf(stderr, "dungeond: unknown option --%s (see --help)\n", key);
            return 2;
        }
        if (!v) {
            fprintf(stderr, "dungeond: --%s needs a value\n", key);
            return 2;
        }
        if (srv_config_set(cfg, key, v, &err) != DG_OK) return srv_flags_fail("flag", &err);
    }
    return -1;
}

int srv_flags_read(int argc, char **argv, char **env, srv_config *cfg, srv_flags *fl)
{
    dg_error err;
    dg_error_clear(&err);
    srv_config_init(cfg);
    *fl = (srv_flags){NULL, false};
    const char *config_path = getenv("DUNGEOND_CONFIG");
    int code = read_sources(argc, argv, &config_path, fl);
    if (code >= 0) return code;
    if (config_path && *config_path && srv_config_load(cfg, config_path, &err) != DG_OK)
        return srv_flags_fail("config", &err);
    if (srv_config_env(cfg, env, &err) != DG_OK) return srv_flags_fail("environment", &err);
    if ((code = read_settings(argc, argv, cfg, fl)) >= 0) return code;
    srv_config_resolve(cfg);
    return -1;
}
