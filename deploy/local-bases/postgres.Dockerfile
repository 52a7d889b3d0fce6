# A stand-in for postgres:17, made from Debian's packages where no registry image can be pulled
# (scripts/test-deploy.sh builds it): Debian's PostgreSQL 15 with an entrypoint that takes what
# deploy/compose.yaml gives the official image (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, the
# data volume at /var/lib/postgresql/data, pg_isready for the health check).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN mkdir -p /etc/postgresql-common \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \
 && apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
ENTRYPOINT ["docker-entrypoint.sh"]
# As the official image: SIGINT is PostgreSQL's fast shutdown.
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
