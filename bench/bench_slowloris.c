/* bench_slowloris.c -- how long a normal client waits while the daemon's
 * connection table is full of half-sent requests (issue 39). Opens
 * SOCKETS connections (default 1100) from ten loopback addresses
 * (127.0.0.1 .. 127.0.0.10), each sending a request line and one header
 * byte every second, never the blank line; a dropped one reconnects at
 * once, as an attacker's would. Meanwhile a normal client GETs /healthz
 * every 200 ms from 127.0.0.11 and the time to its full answer is kept.
 * Prints the probes' waits (median, 90%, worst) and how many failed.
 * Prints figures; asserts nothing.
 *   bench_slowloris PORT [SECONDS (10)] [SOCKETS (1100)]
 * against a daemon already listening on 127.0.0.1:PORT with its defaults
 * (max_connections 1024, per_ip_connections 128, header_timeout 20), e.g.
 *   build/dungeond --port 8080 & build/bench_slowloris 8080 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* A non-blocking connection from 127.0.0.<from> to port, or -1. */
static int open_from(int from, int port, bool nonblock)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    struct sockaddr_in src = {.sin_family = AF_INET}, dst = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    src.sin_addr.s_addr = htonl(0x7f000000u | (unsigned)from);
    dst.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(fd, (struct sockaddr *)&src, sizeof src) != 0) {
        close(fd);
        return -1;
    }
    if (nonblock) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    if (connect(fd, (struct sockaddr *)&dst, sizeof dst) != 0 && errno != EINPROGRESS) {
        close(fd);
        return -1;
    }
    return fd;
}

static const char line[] = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: ";

/* One normal request from 127.0.0.11: seconds to the whole answer, or -1. */
static double probe(int port)
{
    double t0 = now_s();
    int fd = open_from(11, port, false);
    if (fd < 0) return -1;
    struct timeval tv = {10, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    static const char req[] = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    if (send(fd, req, sizeof req - 1, MSG_NOSIGNAL) != (ssize_t)(sizeof req - 1)) {
        close(fd);
        return -1;
    }
    char buf[1024];
    size_t got = 0;
    for (ssize_t n; (n = recv(fd, buf + got, sizeof buf - 1 - got, 0)) > 0 && got < sizeof buf - 1;) got += (size_t)n;
    buf[got] = '\0';
    close(fd);
    return !strncmp(buf, "HTTP/1.1 200", 12) ? now_s() - t0 : -1;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_slowloris PORT [SECONDS] [SOCKETS]\n");
        return 2;
    }
    int port = atoi(argv[1]), secs = argc > 2 ? atoi(argv[2]) : 10, n = argc > 3 ? atoi(argv[3]) : 1100;
    struct rlimit rl = {(rlim_t)n + 64, (rlim_t)n + 64};
    setrlimit(RLIMIT_NOFILE, &rl);
    int *fd = calloc((size_t)n, sizeof *fd);
    size_t *sent = calloc((size_t)n, sizeof *sent);
    double *waits = calloc((size_t)secs * 5 + 8, sizeof *waits);
    if (!fd || !sent || !waits) return 1;
    long reconnects = 0;
    for (int i = 0; i < n; i++) fd[i] = -1;
    double end = now_s() + secs, next_probe = now_s() + 1, next_byte = now_s();
    int probes = 0, failed = 0;
    while (now_s() < end) {
        /* every socket: (re)connected, its request line out, then a byte a second */
        bool tick = now_s() >= next_byte;
        if (tick) next_byte = now_s() + 1;
        for (int i = 0; i < n; i++) {
            if (fd[i] >= 0) {
                char b;
                ssize_t r = recv(fd[i], &b, 1, MSG_DONTWAIT);
                if (r == 0 || (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != ENOTCONN)) {
                    close(fd[i]);
                    fd[i] = -1;
                    reconnects++;
                }
            }
            if (fd[i] < 0) {
                fd[i] = open_from(1 + i % 10, port, true);
                sent[i] = 0;
                continue;
            }
            if (sent[i] < sizeof line - 1) {
                ssize_t w = send(fd[i], line + sent[i], sizeof line - 1 - sent[i], MSG_NOSIGNAL | MSG_DONTWAIT);
                if (w > 0) sent[i] += (size_t)w;
            } else if (tick) {
                (void)send(fd[i], "a", 1, MSG_NOSIGNAL | MSG_DONTWAIT);
            }
        }
        if (now_s() >= next_probe) {
            double w = probe(port);
            if (w < 0) failed++;
            else waits[probes++] = w;
            next_probe = now_s() + 0.2;
        }
        usleep(20000);
    }
    int open = 0;
    for (int i = 0; i < n; i++) open += fd[i] >= 0;
    qsort(waits, (size_t)probes, sizeof *waits, by_value);
    printf("slowloris: %d sockets from 10 addresses for %d s (%ld dropped by the daemon and reopened, %d open at the "
           "end)\n",
           n, secs, reconnects, open);
    if (probes)
        printf("normal client: %d answered, %d failed; wait median %.1f ms, 90%% %.1f ms, worst %.1f ms\n", probes,
               failed, waits[probes / 2] * 1e3, waits[probes * 9 / 10] * 1e3, waits[probes - 1] * 1e3);
    else printf("normal client: none answered, %d failed\n", failed);
    return 0;
}
