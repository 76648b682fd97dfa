/* test_srv_config.c -- config keys: defaults, ranges, sizes, files with
 * line numbers, DUNGEOND_* variables, addresses checked as the daemon
 * checks them. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "srv.h"

static srv_config c;
static dg_error err;
static void setup(void) { srv_config_init(&c); dg_error_clear(&err); }
TestSuite(srv_config, .init = setup);

Test(srv_config, defaults_are_the_documented_ones)
{
    cr_assert_str_eq(c.address, "0.0.0.0");
    cr_assert_eq(c.port, 8080);
    cr_assert_eq(c.queue_depth, 256);
    cr_assert_eq(c.inline_us, 2000);
    cr_assert(c.cache);
    cr_assert_eq(c.cache_bytes, 64u << 20);
    cr_assert_eq(c.max_dim, 1001);
    cr_assert_eq(c.max_cell, 32);
    cr_assert_eq(c.body_limit, 16384);
    cr_assert_eq(c.log_format, SRV_LOG_PLAIN);
    /* one address may not hold every connection, yet the 64 the load test
     * and bench_http.sh open from 127.0.0.1 fit with room to spare */
    cr_assert_eq(c.per_ip_connections, 128);
    cr_assert_lt(c.per_ip_connections, c.max_connections);
    srv_config_resolve(&c);
    cr_assert_geq(c.workers, 1);
    cr_assert_geq(c.io_threads, 1);
}

Test(srv_config, sizes_take_binary_suffixes)
{
    cr_assert_eq(srv_config_set(&c, "cache_bytes", "128M", &err), DG_OK);
    cr_assert_eq(c.cache_bytes, 128u << 20);
    cr_assert_eq(srv_config_set(&c, "cache-bytes", "1GiB", &err), DG_OK);
    cr_assert_eq(c.cache_bytes, 1u << 30);
    cr_assert_eq(srv_config_set(&c, "body_limit", "2k", &err), DG_OK);
    cr_assert_eq(c.body_limit, 2048);
    cr_assert_eq(srv_config_set(&c, "body_limit", "2X", &err), DG_EINVAL);
    cr_assert_eq(srv_config_set(&c, "cache_bytes", "17G", &err), DG_EINVAL);
}

Test(srv_config, values_out_of_range_name_the_key)
{
    static const char *const bad[][2] = {
        {"port", "65536"}, {"port", "-1"}, {"workers", "257"}, {"queue_depth", "0"},
        {"max_dim", "4003"}, {"max_dim", "1000"}, {"max_dim", "5"}, {"max_cell", "65"},
        {"timeout", "0"}, {"cache", "sometimes"}, {"log_format", "xml"}, {"address", "localhost"},
        {"io_threads", "two"}, {"per_ip_connections", "1.5"}, {"body_limit", ""},
        {"inline_us", "100001"}, {"inline_us", "-1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dg_error_clear(&err);
        cr_assert_eq(srv_config_set(&c, bad[i][0], bad[i][1], &err), DG_EINVAL, "%s=%s", bad[i][0], bad[i][1]);
        cr_assert_str_eq(err.param, bad[i][0]);
    }
    cr_assert_eq(srv_config_set(&c, "nope", "1", &err), DG_EINVAL);
}

Test(srv_config, files_and_environment)
{
    char path[] = "/tmp/srvconf-XXXXXX";
    FILE *f = fdopen(mkstemp(path), "w");
    fputs("# comment\n\n  workers = 3   # why\nlog_format=json\nport = 99999\n", f);
    fclose(f);
    cr_assert_eq(srv_config_load(&c, path, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "port");
    cr_assert(strstr(err.msg, ":5:"), "no line number in \"%s\"", err.msg);
    cr_assert_eq(c.workers, 3);
    cr_assert_eq(c.log_format, SRV_LOG_JSON);
    unlink(path);
    cr_assert_eq(srv_config_load(&c, "/nonexistent", &err), DG_EIO);

    char *env[] = {"HOME=/root", "DUNGEOND_CACHE=off", "DUNGEOND_MAX_DIM=501", "DUNGEOND_CONFIG=/x", NULL};
    cr_assert_eq(srv_config_env(&c, env, &err), DG_OK);
    cr_assert(!c.cache);
    cr_assert_eq(c.max_dim, 501);
    char *bad_env[] = {"DUNGEOND_WORKERS=many", NULL};
    dg_error_clear(&err);
    cr_assert_eq(srv_config_env(&c, bad_env, &err), DG_EINVAL);
    cr_assert_str_eq(err.param, "workers");
}

/* --check-config must refuse what the daemon refuses when it binds: any
 * string inet_pton does not take, with the daemon's own message. */
Test(srv_config, address_is_checked_as_the_daemon_binds_it)
{
    static const char *const bad[] = {
        "999.1.1.1", "1.2.3", "1.2.3.4.5", "256.0.0.1", "::g", "1:::2", "", ".", "fe80::1%lo",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dg_error_clear(&err);
        cr_assert_eq(srv_config_set(&c, "address", bad[i], &err), DG_EINVAL, "\"%s\" accepted", bad[i]);
        cr_assert_str_eq(err.param, "address");
        cr_assert_str_eq(err.msg, "address is not an IP literal");
        cr_assert_str_eq(c.address, "0.0.0.0", "a refused value was kept");
    }
    static const char *const good[] = {"127.0.0.1", "::", "::1", "10.0.0.255", "fe80::1", "::ffff:1.2.3.4"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        cr_assert_eq(srv_config_set(&c, "address", good[i], &err), DG_OK, "\"%s\" refused", good[i]);
        cr_assert_str_eq(c.address, good[i]);
    }
}

Test(srv_config, a_directory_is_not_a_config_file)
{
    char dir[] = "/tmp/srvconf-dir-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    cr_assert_eq(srv_config_load(&c, dir, &err), DG_EIO);
    cr_assert_str_eq(err.param, "config");
    cr_assert(strstr(err.msg, dir), "the file is not named in \"%s\"", err.msg);
    rmdir(dir);
    dg_error_clear(&err);
    cr_assert_eq(srv_config_load(&c, "/nonexistent/x.conf", &err), DG_EIO);
    cr_assert(strstr(err.msg, "/nonexistent/x.conf"), "%s", err.msg);
}

Test(srv_config, sighup_applies_the_reloadable_keys_and_names_the_rest)
{
    srv_config now = c;
    cr_assert_eq(srv_config_set(&now, "retry_after", "9", NULL), DG_OK);
    cr_assert_eq(srv_config_set(&now, "log_format", "json", NULL), DG_OK);
    cr_assert_eq(srv_config_set(&now, "workers", "7", NULL), DG_OK);
    cr_assert_eq(srv_config_set(&now, "max_dim", "301", NULL), DG_OK);
    char applied[256], restart[256];
    srv_config_changes(&c, &now, applied, restart, sizeof applied);
    cr_assert_str_eq(applied, "retry_after, log_format");
    cr_assert_str_eq(restart, "workers, max_dim");
    srv_config running = c;
    srv_config_take_reloadable(&running, &now);
    cr_assert_eq(running.retry_after, 9);
    cr_assert_eq(running.log_format, SRV_LOG_JSON);
    cr_assert_eq(running.workers, c.workers, "a key fixed until a restart was taken");
    cr_assert_eq(running.max_dim, c.max_dim);
    srv_config_changes(&c, &c, applied, restart, sizeof applied);
    cr_assert_str_eq(applied, "");
    cr_assert_str_eq(restart, "");
}
