# A stand-in for caddy:2, made from Debian's packages where no registry image can be pulled
# (scripts/test-deploy.sh builds it): Debian's Caddy, laid out as the official image (its
# Caddyfile at /etc/caddy/Caddyfile, certificates under /data, configuration under /config).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends caddy ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /config/caddy /data/caddy /etc/caddy /srv
ENV XDG_CONFIG_HOME=/config \
    XDG_DATA_HOME=/data
VOLUME /config /data
WORKDIR /srv
EXPOSE 80 443 443/udp 2019
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
