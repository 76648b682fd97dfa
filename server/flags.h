/* flags.h -- dungeond's command line: what it asks for (help, version, a
 * config check, a port file) and the settings it gives, layered over the
 * config file and environment. Running the daemon is main.c's. */
#ifndef SRV_FLAGS_H
#define SRV_FLAGS_H

#include <stdbool.h>

#include "srv.h"

typedef struct {
    const char *port_file; /* borrowed from argv; NULL: none */
    bool check;            /* --check-config: print the effective config, exit */
} srv_flags;

/* Fills *cfg from defaults < config file < env < argv and *fl from argv.
 * Returns -1 to go on and run, or the exit status when the command line is
 * done (--help, --version: 0) or wrong (2, the reason already on stderr). */
int srv_flags_read(int argc, char **argv, char **env, srv_config *cfg, srv_flags *fl);

/* Prints what failed in e on stderr (with its value and what is allowed);
 * returns the exit status 2. */
int srv_flags_fail(const char *what, const dg_error *e);

#endif
