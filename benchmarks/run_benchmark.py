"""Benchmark paperfig's workflow against Snakemake's own floor on the same DAG.

    python benchmarks/run_benchmark.py                       # N = 5 50 500, --cores 2
    python benchmarks/run_benchmark.py --sizes 5 50 --markdown /tmp/bench.md

For every N, on a fresh copy of the repository in benchmarks/work/ (git-ignored; never the
working tree), with data/raw replaced by a corpus of N documents (N=5: the real seeds; else
``make_corpus`` with known values):

* ``clean``        clean build without the PDF (``report/report.html data/processed/checks.csv``:
                   every job but the PDF and the checks gate, which now waits for the PDF)
* ``+pdf``         then the default target: only the PDF is left to build
* ``noop``         the default target again: nothing to do
* ``edit``         one printed value of one chart document changed, rebuilt without the PDF
* ``clean+pdf``    everything removed, clean build of the default target (PDF included);
                   only for the sizes in ``--pdf-clean-sizes`` (elsewhere reported as
                   clean + (+pdf), which is what it runs)

and the same scenarios on the floor (benchmarks/floor/Snakefile: the same rules, extract and
render groups and outputs, every job an empty checksum; one manifest per document and the
real build's batch settings, so the floor plans the same jobs as the real build).

Each scenario is measured as wall time, CPU time (user+sys of the whole process tree, from
``os.wait4``; Snakemake's own process apart, sampled from /proc), the largest process's peak
RSS (``ru_maxrss`` of the tree), the peak RSS of the largest *job* (VmHWM of every descendant
except Snakemake itself, sampled from /proc), of the largest job of each kind (the script it
runs: extract_batch, render_batch, build_report, ...) and of the whole run (sum over the
tree, sampled).

What is measured is one snapshot of the sources for every size: the working tree, or with
``--commit REV`` that commit (``git archive``: other people's uncommitted edits stay out).
Every copy is byte-compiled before it runs (``compileall``), as an installed package or a
second run would be: without it every job would compile paperfig's modules again when
``PYTHONDONTWRITEBYTECODE`` is set. After the clean build every known value
of a synthetic corpus is looked up in data/processed/points.csv and tables.csv by
(source_file, line_no, value); recall below 100% makes the script exit 1 (after writing the
Markdown). Results go to stdout and, as Markdown with the issue's targets, to ``--markdown``.
"""

from __future__ import annotations

import argparse
import collections
import csv
import datetime as dt
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "workflow"))

import make_corpus  # noqa: E402

#: The floor's Snakefile: benchmarks/floor/Snakefile of the snapshot measured (main() sets it).
FLOOR_SNAKEFILE = {"path": HERE / "floor" / "Snakefile"}
NOPDF_TARGETS = ("report/report.html", "data/processed/checks.csv")
#: Everything after this line of the Markdown file is kept when the benchmark rewrites it
#: (a hand-written analysis of the numbers above it).
KEEP_MARKER = "<!-- analysis below: kept when run_benchmark.py rewrites this file -->"
GENERATED = ("data/processed", "figures", "logs", ".snakemake")
SCENARIOS = ("clean", "+pdf", "noop", "edit", "clean+pdf")

# The targets (issue #14).
NOOP_RATIO = 1.2
SEEDS_CLEAN_S = 5.0
EDIT_S = 3.0
MARGINAL_S = 0.3
CLEAN_500_S = 150.0
JOB_MB = 300.0


# ------------------------------------------------------------------------------------------
# Measuring one command


def _proc_tree(root_pid: int) -> list[int]:
    children: dict[int, list[int]] = collections.defaultdict(list)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                stat = handle.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(b")") + 2:].split()[1])
        children[ppid].append(int(entry))
    out, todo = [], [root_pid]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, ()))
    return out


def _cmdline(pid: int) -> str:
    with open(f"/proc/{pid}/cmdline", "rb") as handle:
        return handle.read().replace(b"\0", b" ").decode(errors="replace")[:200]


def _status_kb(pid: int) -> tuple[int, int, str]:
    """(VmRSS, VmHWM) in kB and the command name of a live process (0, 0, '') if gone or if
    it changed program while it was read: a job starts as a fork of Snakemake (Snakemake's
    VmHWM, hundreds of MB in a large build) and execs its script; the memory read just before
    the exec with the command line read just after would give the job Snakemake's peak."""
    rss = hwm = 0
    try:
        cmd = _cmdline(pid)
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1])
                elif line.startswith("VmHWM:"):
                    hwm = int(line.split()[1])
        if _cmdline(pid) != cmd:
            return 0, 0, ""
    except OSError:
        return 0, 0, ""
    return rss, hwm, cmd


_SCRIPT = re.compile(r"scripts/(\w+)\.py\b")


def job_kind(cmd: str) -> str:
    """The kind of a job from its command line: the workflow script it runs ('' for a shell
    wrapper or anything else)."""
    m = _SCRIPT.search(cmd)
    return m.group(1) if m and not cmd.startswith(("/bin/sh", "/bin/bash", "bash ", "sh ")) else ""


_CLK_TCK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_seconds(pid: int) -> float:
    """utime + stime of a live process (0.0 if gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _CLK_TCK


class _Sampler(threading.Thread):
    """Samples the process tree of ``pid`` every ``interval`` seconds."""

    def __init__(self, pid: int, interval: float = 0.05):
        super().__init__(daemon=True)
        self.pid, self.interval = pid, interval
        self.stop = threading.Event()
        self.total_peak_kb = 0
        self.main_hwm_kb = 0
        self.job_hwm_kb = 0
        self.solver_hwm_kb = 0
        self.job_cmd = ""
        self.kind_hwm_kb: dict[str, int] = {}  # job kind (its script) -> largest VmHWM
        self.main_cpu = 0.0  # Snakemake's own user+sys seconds (last sample)

    def run(self) -> None:
        main_cmd = None
        while not self.stop.is_set():
            total = 0
            for pid in _proc_tree(self.pid):
                rss, hwm, cmd = _status_kb(pid)
                total += rss
                if pid == self.pid:
                    self.main_hwm_kb = max(self.main_hwm_kb, hwm)
                    main_cmd = cmd or main_cmd
                    self.main_cpu = _cpu_seconds(pid) or self.main_cpu
                elif not cmd or cmd == main_cmd:
                    continue  # Snakemake forked, not yet exec'd (or exec'ing): VmHWM is Snakemake's
                elif "solverdir" in cmd or "pulp" in cmd:
                    self.solver_hwm_kb = max(self.solver_hwm_kb, hwm)  # Snakemake's ILP scheduler
                else:
                    kind = job_kind(cmd)
                    if kind:
                        self.kind_hwm_kb[kind] = max(self.kind_hwm_kb.get(kind, 0), hwm)
                    if hwm > self.job_hwm_kb:
                        self.job_hwm_kb, self.job_cmd = hwm, cmd
            self.total_peak_kb = max(self.total_peak_kb, total)
            self.stop.wait(self.interval)


def measure(cmd: list[str], cwd: Path, log: Path, timeout: float, package_dir: Path | None = None) -> dict:
    # PYTHONPATH: the jobs import the copy's paperfig package (in package_dir, default
    # cwd/workflow), not the editable install of the working tree (which may change while the
    # benchmark runs).
    package_dir = package_dir or cwd / "workflow"
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", SOURCE_DATE_EPOCH="1700000000",
               PYTHONPATH=os.pathsep.join(filter(None, [str(package_dir), os.environ.get("PYTHONPATH")])))
    with open(log, "w") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env,
                                start_new_session=True)
        sampler = _Sampler(proc.pid)
        sampler.start()
        def stop() -> None:  # SIGTERM; Snakemake may take minutes to shut down, so SIGKILL after 30 s
            os.killpg(proc.pid, signal.SIGTERM)
            time.sleep(30)
            if proc.returncode is None:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

        timer = threading.Timer(timeout, stop)
        timer.daemon = True
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        timer.cancel()
        if wall >= timeout:
            wall = timeout  # what was measured: the build had not finished after `timeout` s
        proc.returncode = os.waitstatus_to_exitcode(status)
        sampler.stop.set()
        sampler.join()
    text = log.read_text(errors="replace")
    steps = re.findall(r"(\d+) of (\d+) steps", text)
    finished = collections.Counter(re.findall(r"Finished jobid: \d+ \(Rule: ([\w]+)\)", text))
    return {
        "rc": proc.returncode,
        "timeout": wall >= timeout,  # (wall was capped at timeout above)
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "largest_mb": usage.ru_maxrss / 1024,
        "job_mb": sampler.job_hwm_kb / 1024,
        "job_cmd": sampler.job_cmd,
        "snakemake_mb": sampler.main_hwm_kb / 1024,
        "snakemake_cpu": sampler.main_cpu,
        "kind_mb": {k: v / 1024 for k, v in sorted(sampler.kind_hwm_kb.items())},
        "solver_mb": sampler.solver_hwm_kb / 1024,
        "total_mb": sampler.total_peak_kb / 1024,
        "jobs": int(steps[-1][0]) if steps else 0,
        "rules": dict(sorted(finished.items())),
        "log": str(log),
    }


#: Extra Snakemake options for every run, real and floor (--snakemake-args).
EXTRA_ARGS: list[str] = []


def snakemake_cmd(cores: int, *targets: str, snakefile: str | None = None) -> list[str]:
    cmd = [sys.executable, "-m", "snakemake", "--cores", str(cores), *EXTRA_ARGS]
    if snakefile:
        cmd += ["--snakefile", snakefile]
    return cmd + list(targets)


def wipe_outputs(work: Path) -> None:
    for rel in GENERATED:
        shutil.rmtree(work / rel, ignore_errors=True)
    report = work / "report"
    if report.exists():
        for path in report.iterdir():
            if path.name != ".gitkeep":
                shutil.rmtree(path) if path.is_dir() else path.unlink()


# ------------------------------------------------------------------------------------------
# The edit, the floor, recall


_POINT_Y = (
    re.compile(r"(is around )(\d+(?:\.\d+)?)"),                       # series style
    re.compile(r"(Approximately \(\s*\d+(?:\.\d+)?[^,]*,\s*)(\d+(?:\.\d+)?)"),  # named style
    re.compile(r"(Located at approximately \(\s*\d+(?:\.\d+)?,\s*)(\d+(?:\.\d+)?)"),
)


def edit_one_value(raw_dir: Path) -> dict:
    """Change the y value of the first point of the first chart document by one printed unit."""
    for path in sorted(raw_dir.iterdir()):
        lines = path.read_text(encoding="utf-8").split("\n")
        if not any("**X-axis:**" in line for line in lines):
            continue
        for i, line in enumerate(lines):
            for pattern in _POINT_Y:
                m = pattern.search(line)
                if m:
                    old = m.group(2)
                    decimals = len(old.split(".")[1]) if "." in old else 0
                    new = f"{float(old) - 10 ** -decimals:.{decimals}f}"
                    lines[i] = line[:m.start(2)] + new + line[m.end(2):]
                    path.write_text("\n".join(lines), encoding="utf-8")
                    return {"file": path.name, "line": i + 1, "old": old, "new": new}
    raise SystemExit(f"no chart point to edit in {raw_dir}")


def document_manifests(work: Path) -> tuple[dict[str, dict], int]:
    """Manifest per document: the real build's where it wrote one, else what the parser
    gives (identical by construction). Returns (manifests, how many came from the build)."""
    from paperfig.aliases import load_aliases
    from paperfig.documents import doc_id_for, read_document
    from paperfig.parse import manifest, parse_document

    aliases = load_aliases(work / "config" / "header_aliases.yaml")
    out, from_build = {}, 0
    for path in sorted((work / "data" / "raw").iterdir()):
        doc = doc_id_for(path.name)
        built = work / "data" / "processed" / "docs" / doc / "manifest.json"
        if built.exists():
            out[doc] = json.loads(built.read_text())
            from_build += 1
        else:
            import logging
            logging.disable(logging.WARNING)
            out[doc] = manifest(parse_document(read_document(path), aliases, account=False))
    return out, from_build


def prepare_floor(floor: Path, work: Path, manifests: dict[str, dict]) -> None:
    if floor.exists():
        shutil.rmtree(floor)
    (floor / "manifests").mkdir(parents=True)
    shutil.copytree(work / "data" / "raw", floor / "data" / "raw")
    (floor / "config").mkdir()
    for name in ("header_aliases.yaml", "corrections.yaml", "synthesis.yaml"):
        shutil.copy2(work / "config" / name, floor / "config" / name)
    (floor / "config" / "paperfig.mplstyle").write_text("# floor\n")
    (floor / "report").mkdir()
    shutil.copy2(FLOOR_SNAKEFILE["path"], floor / "Snakefile")
    # the real build's run settings (profiles/default: read by Snakemake on every run)
    shutil.copytree(work / "profiles" / "default", floor / "profiles" / "default")
    for doc, man in manifests.items():
        (floor / "manifests" / f"{doc}.json").write_text(json.dumps(man))
    render = floor_render_settings(work)
    render["workflow_dir"] = str((work / "workflow").resolve())
    (floor / "floor.json").write_text(json.dumps(render))


def floor_render_settings(work: Path) -> dict:
    """The real build's batch settings (config/config.yaml, schema defaults where unset)."""
    import yaml

    config = yaml.safe_load((work / "config" / "config.yaml").read_text()) or {}
    render = config.get("render") or {}
    extract = config.get("extract") or {}
    return {"figure_formats": render.get("figure_formats", ["pdf", "png"]),
            "documents_per_job": render.get("documents_per_job", 16), "min_jobs": render.get("min_jobs", 2),
            "extract": {"documents_per_job": extract.get("documents_per_job", 32),
                        "min_jobs": extract.get("min_jobs", 2)}}


def recall(work: Path, expected: dict) -> dict:
    def rows(name):
        path = work / "data" / "processed" / name
        if not path.exists():
            return []
        with path.open(encoding="utf-8", newline="") as handle:
            return list(csv.DictReader(handle))

    got_points = collections.Counter((r["source_file"], int(r["line_no"]), r["x"], r["y"])
                                     for r in rows("points.csv"))
    got_values = collections.Counter((r["source_file"], int(r["line_no"]), r["value"])
                                     for r in rows("tables.csv"))
    want_points, want_values = collections.Counter(), collections.Counter()
    for name, doc in expected["documents"].items():
        want_points.update((name, p[0], p[1], p[2]) for p in doc["points"])
        want_values.update((name, v[0], v[1]) for v in doc["table_values"])
    miss_p, miss_v = want_points - got_points, want_values - got_values
    n = sum(want_points.values()) + sum(want_values.values())
    missed = sum(miss_p.values()) + sum(miss_v.values())
    return {"expected": n, "points": sum(want_points.values()), "values": sum(want_values.values()),
            "missed": missed, "recall": (n - missed) / n if n else 1.0,
            "first_misses": [("point", *k) for k in list(miss_p)[:10]] + [("value", *k) for k in list(miss_v)[:10]]}


# ------------------------------------------------------------------------------------------
# Machine


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def import_costs() -> dict:
    """Wall seconds of a fresh Python process that imports what the jobs import."""
    out = {}
    for name, stmt in (("python", "pass"), ("pandas", "import pandas"),
                       ("matplotlib.pyplot", "import matplotlib.pyplot"), ("pandera", "import pandera")):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", stmt], capture_output=True)
        out[name] = round(time.perf_counter() - start, 2) if done.returncode == 0 else None
    return out


def machine() -> dict:
    cpu = re.search(r"model name\s*:\s*(.*)", _read("/proc/cpuinfo"))
    mem = re.search(r"MemTotal:\s*(\d+)", _read("/proc/meminfo"))
    try:
        import snakemake
        sm = getattr(snakemake, "__version__", "")
    except ImportError:  # pragma: no cover
        sm = ""
    if not sm:
        sm = subprocess.run([sys.executable, "-m", "snakemake", "--version"], capture_output=True,
                            text=True).stdout.strip()
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu.group(1).strip() if cpu else platform.processor(),
        "memory_gb": round(int(mem.group(1)) / 2**20, 1) if mem else None,
        "python": platform.python_version(),
        "snakemake": sm,
        "os": f"{platform.system()} {platform.release()}",
        "loadavg": os.getloadavg(),
        "imports": import_costs(),
    }


# ------------------------------------------------------------------------------------------
# Running


def run_size(n: int, args, results: dict, log) -> None:
    work = Path(args.work) / f"n{n}"
    floor = Path(args.work) / f"n{n}-floor"
    logs = Path(args.work) / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    expected = make_corpus.prepare_workdir(work, n, seed=args.seed, root=args.snapshot)
    byte_compile(work)
    if args.no_fail_on_error:
        cfg = work / "config" / "config.yaml"
        cfg.write_text(cfg.read_text().replace("fail_on_error: true", "fail_on_error: false"))
    res: dict = {"real": {}, "floor": {}, "docs": len(list((work / "data" / "raw").iterdir()))}
    results[n] = res

    def step(kind: str, name: str, where: Path, *targets: str) -> dict | None:
        if name not in args.scenarios:
            return None
        snakefile = None
        log(f"N={n} {kind:5} {name:9} ...")
        r = measure(snakemake_cmd(args.cores, *targets, snakefile=snakefile), where,
                    logs / f"n{n}-{kind}-{name.replace('+', '_')}.log", args.timeout,
                    package_dir=work / "workflow")  # the floor too: its render groups come from paperfig
        res[kind][name] = r
        flag = "" if r["rc"] == 0 else (" TIMEOUT" if r["timeout"] else f" FAILED rc={r['rc']} (see {r['log']})")
        log(f"N={n} {kind:5} {name:9} wall {r['wall']:8.2f} s  cpu {r['cpu']:8.2f} s  jobs {r['jobs']:5d}  "
            f"job peak {r['job_mb']:6.0f} MB{flag}")
        return r

    # real workflow
    r = step("real", "clean", work, *NOPDF_TARGETS) or {"rc": 1, "timeout": True}
    if expected and r["timeout"]:
        res["recall"] = {"not_measured": "the clean build hit --timeout before the CSVs were written"}
    else:
        res["recall"] = recall(work, expected) if expected else None
    if (r["rc"] == 0 or not r["timeout"]) and "clean" in res["real"]:
        step("real", "+pdf", work)
        step("real", "noop", work)
        res["edit"] = edit_one_value(work / "data" / "raw")
        step("real", "edit", work, *NOPDF_TARGETS)
    if n in args.pdf_clean_sizes and "clean+pdf" in args.scenarios:
        wipe_outputs(work)
        step("real", "clean+pdf", work)

    # floor: same DAG, empty jobs
    if args.no_floor:
        return
    manifests, from_build = document_manifests(work)
    res["floor_manifests_from_build"] = from_build
    res["floor_jobs_per_doc"] = {
        "figures": sum(len(m["figures"]) for m in manifests.values()),
        "tables": sum(len(m["tables"]) for m in manifests.values()),
    }
    from paperfig.batches import extract_batches, render_batches

    settings = floor_render_settings(work)
    res["render_jobs"] = len(render_batches(manifests, settings["documents_per_job"], settings["min_jobs"]))
    res["extract_jobs"] = len(extract_batches(manifests, **settings["extract"]))
    prepare_floor(floor, work, manifests)
    step("floor", "clean", floor, *NOPDF_TARGETS)
    step("floor", "+pdf", floor)
    step("floor", "noop", floor)
    path = floor / "data" / "raw" / res["edit"]["file"] if "edit" in res else next((floor / "data" / "raw").iterdir())
    path.write_text(path.read_text() + "\n")
    step("floor", "edit", floor, *NOPDF_TARGETS)
    if n in args.pdf_clean_sizes and "clean+pdf" in args.scenarios:
        wipe_outputs(floor)
        step("floor", "clean+pdf", floor)


def byte_compile(work: Path) -> None:
    """Byte-compile the copy's Python sources (see the module docstring)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0", str(work / "workflow")], check=True,
                   stdout=subprocess.DEVNULL)


def snapshot_sources(dest: Path, commit: str | None) -> str:
    """Copy the sources to measure into ``dest`` (the working tree, or ``commit`` through
    ``git archive``); returns what was copied, for the Markdown."""
    if dest.exists():
        shutil.rmtree(dest)
    if not commit:
        make_corpus.copy_sources(dest)
        shutil.copytree(HERE / "floor", dest / "benchmarks" / "floor")
        return "the working tree"
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{commit}^{{commit}}"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    exported = dest.with_name(dest.name + "-git")
    if exported.exists():
        shutil.rmtree(exported)
    exported.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", "--format=tar", sha], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(exported)], input=archive.stdout, check=True)
    make_corpus.copy_sources(dest, root=exported)
    shutil.copytree(exported / "benchmarks" / "floor", dest / "benchmarks" / "floor")
    shutil.rmtree(exported)
    return f"commit {sha[:12]}"


def _get(res: dict, kind: str, name: str) -> dict | None:
    """A scenario's measurement; clean+pdf not run is clean followed by +pdf (what it runs)."""
    r = res[kind].get(name)
    if r is None and name == "clean+pdf" and "clean" in res[kind] and "+pdf" in res[kind]:
        a, b = res[kind]["clean"], res[kind]["+pdf"]
        r = {k: a[k] + b[k] for k in ("wall", "cpu", "jobs")}
        r["rules"] = dict(collections.Counter(a.get("rules", {})) + collections.Counter(b.get("rules", {})))
        r.update({k: max(a[k], b[k]) for k in ("largest_mb", "job_mb", "snakemake_mb", "total_mb")})
        r.update(rc=a["rc"] or b["rc"], timeout=a["timeout"] or b["timeout"], derived=True)
    return r


def table_rows(results: dict) -> list[list[str]]:
    rows = []
    for n, res in results.items():
        for name in SCENARIOS:
            r, f = _get(res, "real", name), _get(res, "floor", name)
            if r is None:
                continue
            status = "ok" if r["rc"] == 0 else ("timeout" if r["timeout"] else f"failed ({r['rc']})")
            if r.get("derived"):
                status += " (= clean + +pdf)"
            ratio = f"{r['wall'] / f['wall']:.1f}x" if f and f["wall"] > 0 and not (r["timeout"] or f["timeout"]) else ""
            sm_cpu = f"{r['snakemake_cpu']:.1f}" if r.get("snakemake_cpu") else ""
            rows.append([str(n), name, f"{r['wall']:.1f}", f"{r['cpu']:.1f}", sm_cpu, str(r["jobs"]),
                         f"{r['job_mb']:.0f}", f"{r['snakemake_mb']:.0f}", f"{r['total_mb']:.0f}",
                         f"{f['wall']:.1f}" if f else "", f"{f['cpu']:.1f}" if f else "", ratio, status])
    return rows


HEADER = ["N", "scenario", "wall s", "CPU s", "snakemake CPU s", "jobs", "peak job MB", "snakemake MB", "run peak MB",
          "floor wall s", "floor CPU s", "ratio to floor", "status"]


def marginal(results: dict, kind: str, name: str) -> float | None:
    """Wall seconds per added document between the two largest sizes whose run finished
    (N=5, the real seeds, and runs stopped at --timeout are left out)."""
    sizes = sorted(n for n in results if n != 5 and _ok(_get(results[n], kind, name)))
    if len(sizes) < 2:
        return None
    a, b = sizes[-2], sizes[-1]
    ra, rb = _get(results[a], kind, name), _get(results[b], kind, name)
    return (rb["wall"] - ra["wall"]) / (b - a)


def _ok(r: dict | None) -> bool:
    return bool(r) and r["rc"] == 0 and not r["timeout"]


def targets(results: dict) -> list[tuple[str, str, str, str]]:
    """(target, measured, verdict, note) for each target of issue #14."""
    out = []

    def verdict(ok: bool | None) -> str:
        return "n/a" if ok is None else ("**met**" if ok else "**missed**")

    def floor_note(n: int, name: str) -> str:
        f = _get(results[n], "floor", name) if n in results else None
        return f"floor {f['wall']:.1f} s" if f else ""

    # N=500 clean build
    r = _get(results[500], "real", "clean") if 500 in results else None
    out.append((f"N=500 clean build (PDF excluded) <= {CLEAN_500_S:.0f} s",
                f"{r['wall']:.1f} s" + ("" if _ok(r) else " (not finished)") if r else "",
                verdict(_ok(r) and r["wall"] <= CLEAN_500_S if r else None), floor_note(500, "clean")))
    m = marginal(results, "real", "clean")
    big = max(results)
    big_clean = _get(results[big], "real", "clean")
    note, ok = "", (m <= MARGINAL_S if m is not None else None)
    mf = marginal(results, "floor", "clean")
    if mf is not None:
        note = f"floor {mf:.3f} s"
    if big_clean and big_clean["timeout"]:
        note += f"; N={big} (stopped at --timeout) left out"
    out.append((f"marginal cost per added document <= {MARGINAL_S} s wall (between the two largest finished N)",
                f"{m:.2f} s" if m is not None else "", verdict(ok), note))
    r = _get(results[5], "real", "clean") if 5 in results else None
    out.append((f"clean build of the five seeds (PDF excluded) <= {SEEDS_CLEAN_S:.0f} s",
                f"{r['wall']:.1f} s" + ("" if r["rc"] == 0 else f" (run failed, rc={r['rc']})") if r else "",
                verdict(_ok(r) and r["wall"] <= SEEDS_CLEAN_S if r else None), floor_note(5, "clean")))
    parts, oks, floors = [], [], []
    for n, res in results.items():
        r = _get(res, "real", "edit")
        if r:
            parts.append(f"N={n}: {r['wall']:.1f} s")
            oks.append(_ok(r) and r["wall"] <= EDIT_S)
            floors.append(f"N={n}: {floor_note(n, 'edit')}")
    out.append((f"one-value edit (PDF excluded) <= {EDIT_S:.0f} s", "; ".join(parts),
                verdict(all(oks) if oks else None), "; ".join(floors)))
    parts, oks = [], []
    for n, res in results.items():
        r, f = _get(res, "real", "noop"), _get(res, "floor", "noop")
        if r and f and r["rc"] == 0:
            parts.append(f"N={n}: {r['wall']:.1f} s vs {f['wall']:.1f} s ({r['wall'] / f['wall']:.2f}x)")
            oks.append(r["wall"] <= NOOP_RATIO * f["wall"])
    out.append((f"no-op <= {NOOP_RATIO}x Snakemake's no-op on the same DAG", "; ".join(parts),
                verdict(all(oks) if oks else None), ""))
    r = _get(results[5000], "real", "clean") if 5000 in results else None
    out.append(("N=5,000 runs to the end (report included)",
                (f"{r['wall']:.0f} s" if _ok(r) else f"stopped after {r['wall']:.0f} s, {r['jobs']} jobs done")
                if r else "", verdict(_ok(r) if r else None), floor_note(5000, "clean")))
    peak = {n: max((_get(res, "real", s)["job_mb"] for s in SCENARIOS if _get(res, "real", s)), default=0.0)
            for n, res in results.items()}
    at = 500 if 500 in peak else max(peak)
    sm = max((_get(res, "real", s)["snakemake_mb"] for res in results.values() for s in SCENARIOS
              if _get(res, "real", s)), default=0)
    out.append((f"peak memory per job <= {JOB_MB:.0f} MB at N={at}", f"{peak[at]:.0f} MB",
                verdict(peak[at] <= JOB_MB), f"Snakemake itself (not a job) peaked at {sm:.0f} MB"))
    growth = report_growth(results)
    out.append(("the report job's memory grows no faster than the survey", growth[0], verdict(growth[1]), growth[2]))
    return out


def kind_peaks(results: dict, kind: str) -> dict[int, float]:
    """N -> the largest peak RSS (MB) of the jobs of one kind over every real scenario."""
    out = {}
    for n, res in results.items():
        vals = [(_get(res, "real", s) or {}).get("kind_mb", {}).get(kind, 0.0) for s in SCENARIOS]
        if max(vals, default=0.0):
            out[n] = max(vals)
    return out


def report_growth(results: dict) -> tuple[str, bool | None, str]:
    """The report job's peak RSS per N, and whether its growth beyond the empty-survey
    baseline (the seeds' report) is at most proportional to the number of documents."""
    peaks = kind_peaks(results, "build_report")
    if len(peaks) < 2:
        return ("", None, "needs two sizes")
    sizes = sorted(peaks)
    text = "; ".join(f"N={n}: {peaks[n]:.0f} MB" for n in sizes)
    base = peaks[sizes[0]]
    ratios = [(peaks[b] - base) / (peaks[a] - base) / (b / a) for a, b in zip(sizes[1:], sizes[2:])
              if peaks[a] - base > 1.0]
    per_doc = [(peaks[n] - base) / n for n in sizes[1:]]
    note = "beyond the smallest: " + ", ".join(f"{1024 * v:.0f} kB/document at N={n}" for n, v in zip(sizes[1:], per_doc))
    return text, (all(r <= 1.25 for r in ratios) if ratios else None), note


def render_text(rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(HEADER)]
    line = lambda cells: "  ".join(c.rjust(w) if i not in (1, 12) else c.ljust(w)  # noqa: E731
                                   for i, (c, w) in enumerate(zip(cells, widths)))
    return "\n".join([line(HEADER), line(["-" * w for w in widths]), *(line(r) for r in rows)])


def render_markdown(results: dict, info: dict, args, started: str, elapsed: float) -> str:
    md = [f"<!-- written by benchmarks/run_benchmark.py on {started}; rerun to refresh -->",
          "# Benchmarks", "",
          f"`python benchmarks/run_benchmark.py --sizes {' '.join(map(str, args.sizes))} --cores {args.cores}`"
          f" ({elapsed / 60:.0f} min). Scenarios, corpus and the floor are described in "
          "[benchmarks/README.md](benchmarks/README.md).", "",
          "## Machine", "",
          f"- {info['nproc']} CPUs: {info['cpu']}; {info['memory_gb']} GB memory; {info['os']}",
          f"- Python {info['python']}, Snakemake {info['snakemake']}",
          "- a fresh Python process (every job is one; measured when this file was written) takes " + ", ".join(
              f"{v} s ({'bare' if k == 'python' else 'import ' + k})" for k, v in info.get("imports", {}).items()
              if v is not None) + " here",
          f"- load average at start {info['loadavg'][0]:.1f}, at end {info['loadavg_end'][0]:.1f}"
          " (other processes on the machine share the cores; wall times include that)",
          f"- measured: {info.get('sources', 'the working tree')}, byte-compiled"
          + (f"; Snakemake run with `{info['snakemake_args']}`" if info.get("snakemake_args") else ""), "",
          "## Targets (issue #14)", "", "| target | measured | verdict | note |", "| --- | --- | --- | --- |"]
    md += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in targets(results)]
    md += ["", "## Results", "", "| " + " | ".join(HEADER) + " |", "|" + " --- |" * len(HEADER)]
    md += ["| " + " | ".join(r) + " |" for r in table_rows(results)]
    m_real, m_floor = marginal(results, "real", "clean"), marginal(results, "floor", "clean")
    if m_real is not None:
        big = max(results)
        cut = (_get(results[big], "real", "clean") or {}).get("timeout")
        floor_text = f"{m_floor:.3f} s" if m_floor is not None else "not run"
        md += ["", f"Marginal cost per document (clean build without PDF, between the two largest finished N): "
               f"{m_real:.2f} s wall (floor: {floor_text})"
               + (f"; the N={big} build, stopped at the timeout, is left out." if cut else ".")]
    kinds = sorted({k for res in results.values() for r in res["real"].values() for k in r.get("kind_mb", {})})
    if kinds:
        md += ["", "Peak memory (MB) of the largest job of each kind, over every scenario of a size:", "",
               "| N | " + " | ".join(kinds) + " |", "|" + " --- |" * (len(kinds) + 1)]
        for n in results:
            row = [kind_peaks(results, k).get(n) for k in kinds]
            md.append(f"| {n} | " + " | ".join(f"{v:.0f}" if v else "" for v in row) + " |")
    md += ["", "## Recall of the synthetic corpus", ""]
    for n, res in results.items():
        rc = res.get("recall")
        if rc is None:
            md.append(f"- N={n}: the real seeds (no known values)")
        elif "not_measured" in rc:
            md.append(f"- N={n}: not measured: {rc['not_measured']}")
        else:
            md.append(f"- N={n}: {rc['expected'] - rc['missed']}/{rc['expected']} known values recovered "
                      f"({rc['points']} points, {rc['values']} table values): recall {100 * rc['recall']:.2f}%")
            md += [f"  - missed: {m}" for m in rc["first_misses"]]
    md += ["", "## Details", ""]
    for n, res in results.items():
        real, floor = _get(res, "real", "clean+pdf"), _get(res, "floor", "clean+pdf")
        if real and floor and real.get("rc") == 0:
            if real.get("rules") == floor.get("rules"):
                md.append(f"- N={n}: the floor ran the same jobs per rule as the real clean build: "
                          + ", ".join(f"{k} {v}" for k, v in rule_families(real["rules"]).items()))
            else:
                md.append(f"- N={n}: **the floor's DAG differs from the real build** (real {real.get('rules')}, "
                          f"floor {floor.get('rules')}): update benchmarks/floor/Snakefile")
        if "edit" in res:
            e = res["edit"]
            md.append(f"- N={n}: edit = {e['file']} line {e['line']}: {e['old']} -> {e['new']}")
        if "floor_jobs_per_doc" in res:
            md.append(f"- N={n}: {res['floor_jobs_per_doc']['figures']} figures and "
                      f"{res['floor_jobs_per_doc']['tables']} tables in {res.get('render_jobs', '?')} render jobs "
                      f"({res['floor_manifests_from_build']}/{res['docs']} manifests read from the real build)")
        heavy = max((r for r in res["real"].values()), key=lambda r: r["job_mb"], default=None)
        if heavy and heavy["job_mb"]:
            md.append(f"- N={n}: largest job {heavy['job_mb']:.0f} MB: `{heavy['job_cmd'][:120]}`")
    return "\n".join(md) + "\n"


def rule_families(rules: dict[str, int]) -> dict[str, int]:
    """Jobs per rule, the numbered rules of one stage summed under one name (``extract_pages_1``
    ... ``extract_pages_90``: ``extract_pages_*``), so a large N stays one readable line."""
    out: dict[str, int] = {}
    for name, count in sorted(rules.items()):
        family = re.sub(r"_\d+$", "_*", name)
        out[family] = out.get(family, 0) + count
    return out


def write_markdown(path: Path, text: str) -> None:
    kept = ""
    if path.exists():
        old = path.read_text()
        if KEEP_MARKER in old:
            kept = old[old.index(KEEP_MARKER):]
    path.write_text(text + ("\n" + kept if kept else ""))


def rerender(args) -> int:
    """Rewrite the Markdown from the --json files of earlier runs (no workflow run): the
    machine and timing of the first, the sizes and scenarios of all (a later file's scenario
    of a size wins), e.g. a 5/50/500 run, a rerun of one size and a separate N=5000 run."""
    data = json.loads(Path(args.from_json[0]).read_text())
    info = data["machine"]
    info.setdefault("loadavg_end", info["loadavg"])
    if "imports" not in info:
        info["imports"] = import_costs()
    results = {int(k): v for k, v in data["results"].items()}
    elapsed = data.get("elapsed", 0.0)
    for extra in args.from_json[1:]:
        more = json.loads(Path(extra).read_text())
        for k, v in more["results"].items():  # a later run's scenarios replace the earlier ones'
            old = results.setdefault(int(k), {"real": {}, "floor": {}})
            for kind in ("real", "floor"):
                old[kind] = {**old.get(kind, {}), **v.get(kind, {})}
            old.update({key: value for key, value in v.items() if key not in ("real", "floor")})
        elapsed += more.get("elapsed", 0.0)
        info["loadavg_end"] = more["machine"].get("loadavg_end", info["loadavg_end"])
    results = dict(sorted(results.items()))
    args.sizes = sorted(results)
    write_markdown(Path(args.markdown), render_markdown(results, info, args, data.get("started", "?"), elapsed))
    print(f"wrote {args.markdown} from {', '.join(args.from_json)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[5, 50, 500])
    ap.add_argument("--cores", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--markdown", default=str(ROOT / "BENCHMARKS.md"))
    ap.add_argument("--work", default=str(HERE / "work"), help="work directory (default benchmarks/work)")
    ap.add_argument("--pdf-clean-sizes", type=int, nargs="*", default=[5, 50],
                    help="sizes that also get a separate clean build with the PDF (default 5 50)")
    ap.add_argument("--timeout", type=float, default=3600, help="seconds per Snakemake run")
    ap.add_argument("--no-fail-on-error", action="store_true",
                    help="set checks.fail_on_error: false in the copies (data errors only reported)")
    ap.add_argument("--commit", help="measure this commit (git archive) instead of the working tree")
    ap.add_argument("--scenarios", nargs="+", default=list(SCENARIOS), choices=SCENARIOS,
                    help="only these scenarios (e.g. --scenarios clean for a very large N)")
    ap.add_argument("--no-floor", action="store_true", help="skip the floor runs")
    ap.add_argument("--snakemake-args", default="", help="extra Snakemake options for every run, real and floor "
                    "(one string, e.g. \"--scheduler greedy\")")
    ap.add_argument("--json", help="also write the raw measurements as JSON")
    ap.add_argument("--from-json", nargs="+", help="only rewrite --markdown from the --json of earlier runs")
    args = ap.parse_args(argv)
    if args.from_json:
        return rerender(args)
    if Path(args.work).resolve() == ROOT:
        raise SystemExit("refusing to run in the repository itself")

    EXTRA_ARGS[:] = args.snakemake_args.split()
    started = dt.datetime.now().isoformat(timespec="seconds")
    t0 = time.perf_counter()
    info = machine()
    print(f"machine: {info['nproc']} CPUs ({info['cpu']}), {info['memory_gb']} GB, Python {info['python']}, "
          f"Snakemake {info['snakemake']}, load {info['loadavg'][0]:.1f}", flush=True)

    def log(msg: str) -> None:
        print(f"[{time.perf_counter() - t0:7.1f}s] {msg}", flush=True)

    # One snapshot of the sources for every size: the working tree may change meanwhile.
    args.snapshot = Path(args.work) / "src"
    info["sources"] = snapshot_sources(args.snapshot, args.commit)
    info["snakemake_args"] = args.snakemake_args
    FLOOR_SNAKEFILE["path"] = args.snapshot / "benchmarks" / "floor" / "Snakefile"
    log(f"measuring {info['sources']}")
    results: dict = {}
    for n in args.sizes:
        run_size(n, args, results, log)
    info["loadavg_end"] = os.getloadavg()
    elapsed = time.perf_counter() - t0

    print()
    print(render_text(table_rows(results)))
    m = marginal(results, "real", "clean")
    if m is not None:
        print(f"\nmarginal cost per document (clean, no PDF): {m:.2f} s wall "
              f"(floor {marginal(results, 'floor', 'clean'):.3f} s)")
    print()
    for target, measured, verdict, note in targets(results):
        print(f"{verdict.strip('*'):8} {target}: {measured} {note}")
    ok = True
    for n, res in results.items():
        rc = res.get("recall")
        if rc and "not_measured" in rc:
            print(f"N={n}: recall not measured: {rc['not_measured']}")
        elif rc:
            print(f"N={n}: recall {100 * rc['recall']:.2f}% ({rc['expected'] - rc['missed']}/{rc['expected']})")
            if rc["missed"]:
                ok = False
                for miss in rc["first_misses"]:
                    print(f"  missed {miss}")
    write_markdown(Path(args.markdown), render_markdown(results, info, args, started, elapsed))
    print(f"\nwrote {args.markdown}")
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": info, "started": started, "elapsed": elapsed,
                                               "results": {str(k): v for k, v in results.items()}},
                                              indent=1, default=str))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
