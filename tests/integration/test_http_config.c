/* test_http_config.c -- dungeond's start-up checks and connection limits
 * seen from outside: what --check-config refuses the daemon refuses too,
 * an unwritable --port-file stops the start, and one client address cannot
 * hold every connection. The daemon is run by hand here (td_start expects
 * it to come up). */
#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "daemon.h"

static void nap_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs build/dungeond with args, its stdout and stderr into out. The exit
 * status, or -1 when it was still running after 10 s (then it is killed):
 * a daemon that should have refused to start and did not. */
static int run(const char *const *args, char *out, size_t cap)
{
    char bin[4096], log[] = "/tmp/dgcfg-out-XXXXXX";
    cr_assert(td_binary(bin, sizeof bin), "dungeond not built");
    int fd = mkstemp(log);
    cr_assert_geq(fd, 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        dup2(fd, 1);
        dup2(fd, 2);
        const char *argv[32] = {bin};
        for (int i = 0; args[i] && i < 30; i++) argv[i + 1] = args[i];
        execv(bin, (char *const *)argv);
        _exit(127);
    }
    int st = 0, code = -1;
    for (int i = 0; i < 1000; i++) {
        if (waitpid(pid, &st, WNOHANG) == pid) {
            code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
            break;
        }
        nap_ms(10);
    }
    if (code < 0) {
        kill(pid, SIGKILL);
        waitpid(pid, &st, 0);
    }
    ssize_t n = pread(fd, out, cap - 1, 0);
    out[n > 0 ? n : 0] = '\0';
    close(fd);
    unlink(log);
    return code;
}

/* ------------------------------------------------ refused at start-up */

Test(config, bad_address_is_refused_by_check_config_as_at_start)
{
    char out[4096];
    static const char *const check[] = {"--check-config", "--address", "999.1.1.1", NULL};
    cr_assert_eq(run(check, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "address is not an IP literal"), "%s", out);
    cr_assert(strstr(out, "999.1.1.1"), "the value is not named: %s", out);
    static const char *const start[] = {"--address", "999.1.1.1", "--port", "0", NULL};
    cr_assert_eq(run(start, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "address is not an IP literal"), "%s", out);
    static const char *const good[] = {"--check-config", "--address", "::1", NULL};
    cr_assert_eq(run(good, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "address = ::1\n"), "%s", out);
}

Test(config, a_directory_given_as_config_file_is_refused)
{
    char dir[] = "/tmp/dgcfg-dir-XXXXXX", out[4096];
    cr_assert_not_null(mkdtemp(dir));
    const char *const args[] = {"--check-config", "--config", dir, NULL};
    cr_assert_eq(run(args, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, dir), "the file is not named: %s", out);
    const char *const empty[] = {"--check-config", "--config=", NULL};
    cr_assert_eq(run(empty, out, sizeof out), 2, "%s", out);
    rmdir(dir);
}

/* A supervisor waits for the port file: a daemon that cannot write it must
 * exit, not serve on a port nobody learns. */
Test(config, unwritable_port_file_stops_the_start)
{
    char dir[] = "/tmp/dgcfg-pf-XXXXXX", out[4096], missing[128], tmp[160];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(missing, sizeof missing, "%s/no/such/dir/port", dir);
    /* found before listening: the directory does not exist */
    const char *const before[] = {"--address", "127.0.0.1", "--port", "0", "--port-file", missing, NULL};
    cr_assert_eq(run(before, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, missing), "the file is not named: %s", out);
    cr_assert(!strstr(out, "listening"), "it listened first: %s", out);
    const char *const check[] = {"--check-config", "--port-file", missing, NULL};
    cr_assert_eq(run(check, out, sizeof out), 2, "%s", out);
    /* found after listening: FILE is a directory, so the rename fails */
    const char *const after[] = {"--address", "127.0.0.1", "--port", "0", "--port-file", dir, NULL};
    cr_assert_eq(run(after, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "cannot write port file"), "%s", out);
    snprintf(tmp, sizeof tmp, "%s.tmp", dir);
    cr_assert_neq(access(tmp, F_OK), 0, "%s left behind", tmp);
    cr_assert_eq(rmdir(dir), 0);
    /* and --check-config with a writable one leaves no file */
    char ok[64];
    snprintf(ok, sizeof ok, "/tmp/dgcfg-ok-%d", (int)getpid());
    const char *const fine[] = {"--check-config", "--port-file", ok, NULL};
    cr_assert_eq(run(fine, out, sizeof out), 0, "%s", out);
    snprintf(tmp, sizeof tmp, "%s.tmp", ok);
    cr_assert_neq(access(tmp, F_OK), 0);
    cr_assert_neq(access(ok, F_OK), 0);
}

/* ------------------------------------------------- connection limits */

/* A TCP connection to 127.0.0.1:port from the loopback address `from`
 * (all of 127/8 is this host, so a second client address costs nothing). */
static int connect_from(const char *from, int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    cr_assert_geq(fd, 0);
    struct sockaddr_in src = {.sin_family = AF_INET};
    inet_pton(AF_INET, from, &src.sin_addr);
    cr_assert_eq(bind(fd, (struct sockaddr *)&src, sizeof src), 0, "bind %s", from);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    cr_assert_eq(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    struct timeval tv = {3, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    return fd;
}

/* GET /healthz from `from`: the status, 0 when the connection was closed
 * unanswered (EOF, or a reset: the daemon closed it with our request
 * unread), -1 when no answer came within 3 s. */
static int healthz_from(const char *from, int port)
{
    int fd = connect_from(from, port);
    static const char req[] = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    ssize_t w = send(fd, req, sizeof req - 1, MSG_NOSIGNAL);
    char buf[256];
    ssize_t n = w == (ssize_t)(sizeof req - 1) ? recv(fd, buf, sizeof buf - 1, 0) : 0;
    int e = errno;
    close(fd);
    if (n < 0) return e == EAGAIN || e == EWOULDBLOCK ? -1 : 0;
    buf[n > 0 ? n : 0] = '\0';
    int status = 0;
    if (n > 0 && sscanf(buf, "HTTP/1.%*d %d", &status) != 1) status = 0;
    return status;
}

/* With the default limits one address's connections stop at 128 (the bench
 * and load test use 64) while another address is still served. */
Test(config, default_per_ip_limit_leaves_room_for_other_clients)
{
    td_daemon d;
    cr_assert(td_start(&d, NULL));
    enum { HELD = 128 };
    int fds[HELD];
    /* each answered once and kept alive: all are surely accepted */
    for (int i = 0; i < HELD; i++) {
        fds[i] = connect_from("127.0.0.1", d.port);
        cr_assert_eq(td_get_on(fds[i], "/healthz"), 200, "held connection %d was not served", i);
    }
    /* answered 429, not served nor reset (issue 39) */
    int over = healthz_from("127.0.0.1", d.port);
    cr_expect_eq(over, 429, "a 129th connection from one address: %d", over);
    cr_expect_eq(healthz_from("127.0.0.2", d.port), 200, "another address was not served");
    for (int i = 0; i < HELD; i++) close(fds[i]);
    /* the daemon sees the closes in its own time */
    int again = 0;
    for (int i = 0; i < 100 && (again = healthz_from("127.0.0.1", d.port)) != 200; i++) nap_ms(50);
    cr_expect_eq(again, 200, "the address stayed locked out after its connections closed");
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}

/* The review's slowloris: 20 connections trickling a header byte every
 * 0.5 s outlive a 2 s timeout (any byte restarts it), so only the per-IP
 * limit keeps a slot free for someone else. */
Test(config, trickling_client_is_held_to_its_per_ip_share)
{
    static const char *const flags[] = {"--max-connections", "20", "--timeout", "2",
                                        "--per-ip-connections", "10", NULL};
    td_daemon d;
    cr_assert(td_start(&d, flags));
    enum { N = 20 };
    int fds[N];
    for (int i = 0; i < N; i++) fds[i] = connect_from("127.0.0.1", d.port);
    static const char trickle[] = "GET /healthz HTTP/1.1\r\nHost: slow\r\nX-Slow: aaaaaaaaaaaaaaaaaaaa";
    /* 3 s of trickling: past the timeout, so living connections are the
     * trickle's doing */
    for (size_t k = 0; k < 6; k++) {
        for (int i = 0; i < N; i++)
            if (fds[i] >= 0 && send(fds[i], trickle + k, 1, MSG_NOSIGNAL) != 1) {
                close(fds[i]);
                fds[i] = -1;
            }
        nap_ms(500);
    }
    double t0 = now_s();
    cr_expect_eq(healthz_from("127.0.0.2", d.port), 200, "another client was locked out");
    cr_expect_lt(now_s() - t0, 2.5, "another client waited");   /* locked out: 3 s, then -1 */
    for (int i = 0; i < N; i++)
        if (fds[i] >= 0) close(fds[i]);
    cr_assert_eq(td_stop(&d, SIGTERM), 0);
}
