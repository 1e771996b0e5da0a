# Sourced by .ci/run: puts the Node major of .nvmrc (22 LTS, as package.json's engines) first on PATH. A fresh
# machine whose node is missing or another major gets the official binary, which the npm registry serves as the
# package node-linux-<arch>; it has no npm of its own, so the system npm runs on it.
AULA_NODE_MAJOR="$(tr -d '[:space:]v' < .nvmrc)"
if [ "$(node -v 2>/dev/null | cut -d. -f1)" != "v$AULA_NODE_MAJOR" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "Installing Debian's nodejs and npm (to fetch Node $AULA_NODE_MAJOR)..."
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq nodejs npm >/dev/null
  fi
  case "$(uname -m)" in
    x86_64) aula_node_arch=x64 ;;
    aarch64 | arm64) aula_node_arch=arm64 ;;
    *) echo "No Node $AULA_NODE_MAJOR package for $(uname -m): install Node $AULA_NODE_MAJOR and run again." >&2; exit 1 ;;
  esac
  AULA_NODE_PREFIX="${AULA_NODE_PREFIX:-/opt/aula-node$AULA_NODE_MAJOR}"
  aula_node_bin="$AULA_NODE_PREFIX/node_modules/node-linux-$aula_node_arch/bin"
  if [ "$("$aula_node_bin/node" -v 2>/dev/null | cut -d. -f1)" != "v$AULA_NODE_MAJOR" ]; then
    echo "Installing Node $AULA_NODE_MAJOR into $AULA_NODE_PREFIX..."
    npm install --prefix "$AULA_NODE_PREFIX" --no-save --no-audit --no-fund --loglevel=error \
      "node-linux-$aula_node_arch@$AULA_NODE_MAJOR"
  fi
  export PATH="$aula_node_bin:$PATH"
  hash -r
fi
echo "Using Node $(node -v) ($(command -v node)), npm $(npm -v)"
