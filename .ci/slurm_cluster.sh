#!/usr/bin/env bash
# A throw-away single-node SLURM cluster on this machine, for tests/test_slurm.py and by hand.
#   bash .ci/slurm_cluster.sh start    install slurm-wlm + munge with apt when missing (root),
#                                      start munged, slurmctld and slurmd, wait for the node
#   bash .ci/slurm_cluster.sh status   exit 0 when our daemons run and the node answers
#   bash .ci/slurm_cluster.sh stop     kill exactly the daemons `start` recorded, remove its
#                                      state, put back the /etc/slurm/slurm.conf that was there
# Exit codes of `start`: 0 running, 2 cannot run here (not root, no apt-get, install failed:
# the caller skips), 1 the daemons did not come up (a real failure; logs are printed).
#
# Why it looks like this (Debian bookworm, SLURM 22.05):
# - The daemons run as plain background processes (no systemd), each in its own session so a
#   Ctrl-C of the caller does not reach them; their pids go to $RUN/pids, and `stop` kills
#   only a recorded pid whose process still has the recorded name.
# - slurm.conf must be /etc/slurm/slurm.conf: the executor plugin's job step clears every
#   SLURM_* variable (SLURM_CONF too) before its nested srun. A slurm.conf that was there is
#   kept as slurm.conf.paperfig-backup and put back by `stop`. Everything else (state, spool,
#   logs, the munge key and socket) lives under $RUN.
# - No accounting daemon: status goes through squeue, so finished jobs must stay visible to
#   squeue well past the plugin's status interval (MinJobAge); EnforcePartLimits=ALL rejects
#   a request the node can never satisfy at submission instead of letting it pend forever.
set -euo pipefail

RUN=${PAPERFIG_SLURM_DIR:-/tmp/paperfig-slurm}
CONF=/etc/slurm/slurm.conf
BACKUP=/etc/slurm/slurm.conf.paperfig-backup
MARK="# written by paperfig .ci/slurm_cluster.sh"

log() { echo "slurm_cluster: $*" >&2; }

alive() {  # alive NAME PID: PID runs (not a zombie) under the recorded NAME
  [ "$(cat "/proc/$2/comm" 2>/dev/null)" = "$1" ] || return 1
  [ "$(awk '/^State:/ {print $2}' "/proc/$2/status" 2>/dev/null)" != Z ]
}

ours_alive() {  # every recorded daemon still runs
  [ -s "$RUN/pids" ] || return 1
  local name pid
  while read -r name pid; do
    alive "$name" "$pid" || return 1
  done <"$RUN/pids"
}

node_state() { sinfo -h -N -o '%T' 2>/dev/null | head -1; }

stop() {
  local name pid
  if [ -s "$RUN/pids" ]; then
    # Jobs still on our cluster (a build that was killed): cancel them through slurmctld so
    # slurmd ends their processes, and give it up to 10 s, before the daemons go.
    if grep -q '^slurmctld ' "$RUN/pids" && alive slurmctld "$(awk '$1=="slurmctld"{print $2}' "$RUN/pids")"; then
      local jobs
      jobs=$(squeue -h -t PD,R,CG -o %i 2>/dev/null | tr '\n' ' ')
      if [ -n "${jobs// /}" ]; then
        log "cancelling jobs left on the cluster: $jobs"
        # shellcheck disable=SC2086
        scancel $jobs 2>/dev/null || true
        for _ in $(seq 50); do
          [ -z "$(squeue -h -t PD,R,CG -o %i 2>/dev/null)" ] && break
          sleep 0.2
        done
      fi
    fi
    while read -r name pid; do
      if alive "$name" "$pid"; then
        kill "$pid" 2>/dev/null || true
      fi
    done <"$RUN/pids"
    for _ in $(seq 50); do  # up to 10 s for a clean exit, then SIGKILL
      local left=0
      while read -r name pid; do
        alive "$name" "$pid" && left=1
      done <"$RUN/pids"
      [ "$left" = 0 ] && break
      sleep 0.2
    done
    while read -r name pid; do
      if alive "$name" "$pid"; then
        log "$name ($pid) did not exit on SIGTERM, sending SIGKILL"
        kill -9 "$pid" 2>/dev/null || true
      fi
    done <"$RUN/pids"
  fi
  if [ -f "$CONF" ] && grep -qF "$MARK" "$CONF"; then
    if [ -f "$BACKUP" ]; then mv -f "$BACKUP" "$CONF"; else rm -f "$CONF"; fi
  fi
  case "$RUN" in /tmp/*|/var/tmp/*) rm -rf "$RUN" ;; *) log "not removing $RUN (outside /tmp)" ;; esac
}

install() {
  command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null \
    && command -v sinfo >/dev/null && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    log "slurm-wlm and munge are missing and this is not root with apt-get"
    exit 2
  fi
  log "installing slurm-wlm munge from Debian's packages"
  local apt=(env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge)
  if ! "${apt[@]}" >/dev/null 2>&1; then
    apt-get update -qq >/dev/null 2>&1 || true
    "${apt[@]}" >/dev/null 2>&1 || { log "apt-get install slurm-wlm munge failed"; exit 2; }
  fi
}

write_conf() {
  local host cpus mem_total real_mem
  host=$(hostname -s)
  cpus=$(nproc)
  mem_total=$(awk '/^MemTotal:/ {print int($2 / 1024)}' /proc/meminfo)
  real_mem=$(( mem_total * 3 / 4 ))  # below the physical total, or slurmd drains the node
  mkdir -p /etc/slurm
  if [ -f "$CONF" ] && ! grep -qF "$MARK" "$CONF"; then
    cp -p "$CONF" "$BACKUP"
  fi
  cat >"$CONF" <<EOF
$MARK (restored by its 'stop')
ClusterName=paperfig
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$RUN/munge/munge.socket
StateSaveLocation=$RUN/state
SlurmdSpoolDir=$RUN/spool
SlurmctldPidFile=$RUN/slurmctld.pid
SlurmdPidFile=$RUN/slurmd.pid
SlurmctldLogFile=$RUN/log/slurmctld.log
SlurmdLogFile=$RUN/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
EnforcePartLimits=ALL
MinJobAge=900
InactiveLimit=0
KillWait=10
MailProg=/bin/true
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$real_mem State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  log "node $host: CPUs=$cpus RealMemory=$real_mem"
}

spawn() {  # spawn NAME COMMAND...: run in its own session, record "NAME PID"
  local name=$1; shift
  setsid "$@" </dev/null >>"$RUN/log/$name.out" 2>&1 &
  echo "$name $!" >>"$RUN/pids"
}

show_logs() {
  local f
  for f in "$RUN"/log/*; do
    [ -f "$f" ] && { echo "--- $f" >&2; tail -n 20 "$f" >&2; }
  done
  sinfo -N -l >&2 2>&1 || true
}

start() {
  if ours_alive && [ -n "$(node_state)" ]; then
    log "already running (node $(node_state))"
    return 0
  fi
  stop  # a half-started or dead earlier run: clean it up first
  install
  mkdir -p "$RUN"/{state,spool,log,munge}
  chmod 700 "$RUN" "$RUN/munge"
  : >"$RUN/pids"
  write_conf

  dd if=/dev/urandom of="$RUN/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$RUN/munge/munge.key"
  spawn munged munged --foreground --force --key-file="$RUN/munge/munge.key" \
    --socket="$RUN/munge/munge.socket" --pid-file="$RUN/munge/munged.pid" \
    --log-file="$RUN/log/munged.log" --seed-file="$RUN/munge/munged.seed"
  for _ in $(seq 50); do [ -S "$RUN/munge/munge.socket" ] && break; sleep 0.1; done
  [ -S "$RUN/munge/munge.socket" ] || { log "munged did not start"; show_logs; stop; exit 1; }

  spawn slurmctld slurmctld -D -f "$CONF"
  spawn slurmd slurmd -D -f "$CONF" -N "$(hostname -s)"

  local state=
  for _ in $(seq 150); do  # up to 30 s
    state=$(node_state)
    [ "$state" = idle ] && break
    ours_alive || break
    sleep 0.2
  done
  if [ "$state" != idle ]; then
    log "the node did not become idle (state: '${state:-no answer}')"
    show_logs
    stop
    exit 1
  fi
  log "running: $(tr '\n' ' ' <"$RUN/pids")(state in $RUN)"
}

case "${1:-}" in
  start) start ;;
  stop) stop; log "stopped" ;;
  status) ours_alive && [ -n "$(node_state)" ] && { log "running (node $(node_state))"; exit 0; }
          log "not running"; exit 1 ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 64 ;;
esac
