# Sourced by ./play and ./test: make .venv on first use and (re)install the pinned requirements
# whenever requirements/*.txt change, so a fresh machine needs nothing but python3.
set -e
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$here/.venv"
py="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
  echo "setting up $venv (first run only)..." >&2
  "$py" -m venv "$venv"
fi
stamp="$venv/.requirements.sha"
want="$(cat "$here"/requirements/*.txt | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$here/requirements/dev.txt" \
    -c "$here/requirements/constraints.txt" >&2
  echo "$want" > "$stamp"
fi
export PATH="$venv/bin:$PATH"
cd "$here"
