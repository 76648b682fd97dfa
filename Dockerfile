# Dockerfile -- dungeond in two stages: built on debian:bookworm with the
# README's own steps (tools/deps.sh run, then the same cmake commands as
# tools/run.sh), run on bookworm-slim as a non-root user. Settings come
# from the environment (DUNGEOND_<KEY>, see config/dungeond.conf), e.g.
#   docker run -p 8080:8080 -e DUNGEOND_WORKERS=4 -e DUNGEOND_CACHE_BYTES=256M dungeond

FROM debian:bookworm AS build
WORKDIR /src
COPY . .
# the README's install and build steps, unchanged
RUN bash tools/deps.sh run \
 && cmake -S . -B build -DDG_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
 && cmake --build build -j"$(nproc)" --target dungeon dungeon-full dungeond \
 && build/dungeond --config config/dungeond.conf --check-config

FROM debian:bookworm-slim
# run-time libraries only; curl answers the HEALTHCHECK
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libmicrohttpd12 libjansson4 libpng16-16 zlib1g libwebp7 libzip4 libcairo2 fonts-dejavu-core curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin dungeond
COPY --from=build /src/build/dungeond /src/build/dungeon /src/build/dungeon-full /usr/local/bin/
COPY --from=build /src/config/dungeond.conf /etc/dungeond/dungeond.conf
# the file holds the defaults; the environment overrides any key
ENV DUNGEOND_CONFIG=/etc/dungeond/dungeond.conf \
    DUNGEOND_ADDRESS=0.0.0.0 \
    DUNGEOND_PORT=8080 \
    DUNGEOND_LOG_FORMAT=json
USER dungeond
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${DUNGEOND_PORT:-8080}/healthz" >/dev/null || exit 1
# SIGTERM drains in-flight requests (shutdown_timeout) and exits 0
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/dungeond"]
