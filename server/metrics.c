/* metrics.c -- the counters behind GET /metrics (Prometheus text format):
 * requests by route and status, a latency histogram, cache hits/misses,
 * maps generated. Lock-free relaxed atomics: a scrape may be a request
 * or two behind, never torn. Gauges are read by the caller at scrape time. */
#include <string.h>

#include "srv.h"

#define NSTATUS 600
#define SRV_ROUTE_LABEL(id, path, methods, handler, metric, cache) metric,
static const char *const fixed_names[SRV_ROUTE_COUNT - DG_FMT_COUNT] = {SRV_ROUTES(SRV_ROUTE_LABEL)};
#undef SRV_ROUTE_LABEL

const char *srv_route_label(srv_route_id r, char buf[64])
{
    if (r >= 0 && r < DG_FMT_COUNT) snprintf(buf, 64, "/dungeon.%s", dg_format_ext((dg_format)r));
    else snprintf(buf, 64, "%s", fixed_names[r >= DG_FMT_COUNT && r < SRV_ROUTE_COUNT ? r - DG_FMT_COUNT
                                                                                       : SRV_ROUTE_OTHER - DG_FMT_COUNT]);
    return buf;
}

/* seconds; Prometheus buckets are cumulative, counted at scrape time */
static const double bounds[] = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
                                0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
#define NBUCKETS (sizeof bounds / sizeof bounds[0])

static uint64_t by_status[SRV_ROUTE_COUNT][NSTATUS];
static uint64_t buckets[NBUCKETS + 1];
static uint64_t lat_sum_us, lat_count;
static uint64_t cache_hits, cache_misses, generated, generated_inline, connections_cut;

static void add(uint64_t *p, uint64_t n) { __atomic_fetch_add(p, n, __ATOMIC_RELAXED); }
static uint64_t get(const uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }

void srv_metrics_request(srv_route_id route, unsigned status, uint64_t micros)
{
    if (route < 0 || route >= SRV_ROUTE_COUNT) route = SRV_ROUTE_OTHER;
    if (status >= NSTATUS) status = 0;
    add(&by_status[route][status], 1);
    size_t b = 0;
    double s = (double)micros / 1e6;
    while (b < NBUCKETS && s > bounds[b]) b++;
    add(&buckets[b], 1);
    add(&lat_sum_us, micros);
    add(&lat_count, 1);
}

void srv_metrics_cache(bool hit) { add(hit ? &cache_hits : &cache_misses, 1); }
void srv_metrics_connection_cut(void) { add(&connections_cut, 1); }
void srv_metrics_generated(bool on_io_thread)
{
    add(&generated, 1);
    if (on_io_thread) add(&generated_inline, 1);
}

#define PUT(...) do { if ((rc = dg_buf_printf(out, err, __VA_ARGS__)) != DG_OK) return rc; } while (0)

dg_status srv_metrics_render(dg_buf *out, size_t queue_depth, size_t in_flight,
                             size_t cache_bytes, size_t cache_entries, dg_error *err)
{
    dg_status rc;
    PUT("# HELP dungeond_requests_total HTTP requests answered, by route and status.\n");
    PUT("# TYPE dungeond_requests_total counter\n");
    for (int r = 0; r < SRV_ROUTE_COUNT; r++) {
        char name[64];
        srv_route_label(r, name);
        for (int s = 0; s < NSTATUS; s++) {
            uint64_t n = get(&by_status[r][s]);
            if (n) PUT("dungeond_requests_total{route=\"%s\",status=\"%d\"} %llu\n",
                       name, s, (unsigned long long)n);
        }
    }
    PUT("# HELP dungeond_request_duration_seconds Time from request line to response done.\n");
    PUT("# TYPE dungeond_request_duration_seconds histogram\n");
    uint64_t cum = 0;
    for (size_t b = 0; b < NBUCKETS; b++) {
        cum += get(&buckets[b]);
        PUT("dungeond_request_duration_seconds_bucket{le=\"%g\"} %llu\n", bounds[b],
            (unsigned long long)cum);
    }
    cum += get(&buckets[NBUCKETS]);
    PUT("dungeond_request_duration_seconds_bucket{le=\"+Inf\"} %llu\n", (unsigned long long)cum);
    PUT("dungeond_request_duration_seconds_sum %.6f\n", (double)get(&lat_sum_us) / 1e6);
    PUT("dungeond_request_duration_seconds_count %llu\n", (unsigned long long)get(&lat_count));
    PUT("# HELP dungeond_cache_hits_total Map requests answered from the cache.\n");
    PUT("# TYPE dungeond_cache_hits_total counter\n");
    PUT("dungeond_cache_hits_total %llu\n", (unsigned long long)get(&cache_hits));
    PUT("# HELP dungeond_cache_misses_total Map requests that needed a worker.\n");
    PUT("# TYPE dungeond_cache_misses_total counter\n");
    PUT("dungeond_cache_misses_total %llu\n", (unsigned long long)get(&cache_misses));
    PUT("# HELP dungeond_cache_bytes Bytes held by the response cache.\n");
    PUT("# TYPE dungeond_cache_bytes gauge\n");
    PUT("dungeond_cache_bytes %zu\n", cache_bytes);
    PUT("# HELP dungeond_cache_entries Responses held by the cache.\n");
    PUT("# TYPE dungeond_cache_entries gauge\n");
    PUT("dungeond_cache_entries %zu\n", cache_entries);
    PUT("# HELP dungeond_queue_depth Jobs waiting for a worker.\n");
    PUT("# TYPE dungeond_queue_depth gauge\n");
    PUT("dungeond_queue_depth %zu\n", queue_depth);
    PUT("# HELP dungeond_in_flight_requests Requests started and not yet answered.\n");
    PUT("# TYPE dungeond_in_flight_requests gauge\n");
    PUT("dungeond_in_flight_requests %zu\n", in_flight);
    PUT("# HELP dungeond_maps_generated_total Maps generated and encoded.\n");
    PUT("# TYPE dungeond_maps_generated_total counter\n");
    PUT("dungeond_maps_generated_total %llu\n", (unsigned long long)get(&generated));
    PUT("# HELP dungeond_maps_inline_total Of those, small maps made on the HTTP thread (inline_us).\n");
    PUT("# TYPE dungeond_maps_inline_total counter\n");
    PUT("dungeond_maps_inline_total %llu\n", (unsigned long long)get(&generated_inline));
    PUT("# HELP dungeond_connections_cut_total Connections closed for not sending a request's headers within header_timeout or its body within body_timeout.\n");
    PUT("# TYPE dungeond_connections_cut_total counter\n");
    PUT("dungeond_connections_cut_total %llu\n", (unsigned long long)get(&connections_cut));
    return DG_OK;
}
