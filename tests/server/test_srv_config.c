/* test_srv_config.c -- config keys: defaults, ranges, sizes, files with
 * line numbers, DUNGEOND_* variables. */
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
