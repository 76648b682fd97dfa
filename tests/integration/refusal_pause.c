/* refusal_pause.c -- preloaded into dungeond by test_http_lifecycle (never
 * part of the daemon): holds the thread that logs libmicrohttpd's refusal
 * of a request for DG_TEST_REFUSAL_PAUSE_MS milliseconds. libmicrohttpd
 * 0.9.75 logs that line ("HTTP response code is ...") before it queues its
 * answer, so the pause keeps an I/O thread in the middle of a refusal for
 * as long as a test needs to stop the daemon there. Every other write goes
 * through untouched. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

ssize_t write(int fd, const void *buf, size_t n);

ssize_t write(int fd, const void *buf, size_t n)
{
    static ssize_t (*next)(int, const void *, size_t);
    /* POSIX's way to turn dlsym's object pointer into a function pointer */
    if (!next) *(void **)&next = dlsym(RTLD_NEXT, "write");
    ssize_t w = next(fd, buf, n);
    static const char line[] = "HTTP response code is";
    if (fd == STDERR_FILENO && memmem(buf, n, line, sizeof line - 1)) {
        const char *ms = getenv("DG_TEST_REFUSAL_PAUSE_MS");
        long pause = ms ? strtol(ms, NULL, 10) : 0;
        struct timespec ts = {pause / 1000, (pause % 1000) * 1000000L};
        if (pause > 0) nanosleep(&ts, NULL);
    }
    return w;
}
