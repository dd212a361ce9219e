"""The scheduling rounds Snakemake still has planned when a run ends are cancelled, so the
process exits with its last job (workflow_support.cancel_scheduler_timers), and the profiles
pace those rounds in a form Snakemake reads."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import yaml
from snakemake.scheduling.job_scheduler import JobScheduler
from snakemake.settings.types import MaxJobsPerTimespan

from paperfig.workflow_support import cancel_scheduler_timers
from workflow_helpers import ROOT


class _Scheduler:
    """What JobScheduler._schedule_reevalutation uses of the scheduler: its semaphore."""

    def __init__(self):
        self._open_jobs = threading.Semaphore(0)


def test_cancels_the_rounds_snakemake_planned():
    scheduler = _Scheduler()
    before = {t for t in threading.enumerate() if isinstance(t, threading.Timer)}
    # Snakemake's own method plans the round: a Timer running a lambda of the scheduler
    JobScheduler._schedule_reevalutation(scheduler, 600)
    planned = [t for t in threading.enumerate() if isinstance(t, threading.Timer) and t not in before]
    assert len(planned) == 1 and planned[0].is_alive()
    assert cancel_scheduler_timers() == 1
    planned[0].join(5)
    assert not planned[0].is_alive()  # cancelled: it does not wait its 600 s
    assert not scheduler._open_jobs.acquire(blocking=False)  # and never released a round


def test_leaves_other_timers_alone():
    fired = threading.Event()
    other = threading.Timer(600, fired.set)
    other.start()
    try:
        assert cancel_scheduler_timers() == 0
        assert other.is_alive()
    finally:
        other.cancel()
        other.join(5)
    assert not fired.is_set()


#: A process that plans a round 10 minutes ahead, as Snakemake's scheduler does, then ends
#: (normally, or with an error of its own, where no onsuccess/onerror hook runs).
_PLANS_A_ROUND = """
import sys, threading
from snakemake.scheduling.job_scheduler import JobScheduler
from paperfig.workflow_support import cancel_scheduler_timers_at_exit

class Scheduler:
    _open_jobs = threading.Semaphore(0)

cancel_scheduler_timers_at_exit()
JobScheduler._schedule_reevalutation(Scheduler(), 600)
print("planned", sum(isinstance(t, threading.Timer) for t in threading.enumerate()), flush=True)
if sys.argv[1] == "error":
    raise RuntimeError("an error of the scheduler's own")
"""


def test_a_process_that_planned_rounds_exits_with_its_work(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "workflow")}  # this checkout's paperfig
    for ending, code in (("normal", 0), ("error", 1)):
        try:
            done = subprocess.run([sys.executable, "-c", _PLANS_A_ROUND, ending], capture_output=True,
                                  text=True, timeout=120, cwd=tmp_path, env=env)
        except subprocess.TimeoutExpired:  # it waited for the planned round (600 s)
            raise AssertionError(f"{ending}: the process waited for Snakemake's planned round") from None
        assert done.returncode == code, done.stderr
        assert "planned 1" in done.stdout, done.stdout


def test_profiles_pace_rounds_in_a_form_snakemake_reads():
    for name in ("default", "local"):
        profile = yaml.safe_load((ROOT / "profiles" / name / "config.yaml").read_text())
        pace = MaxJobsPerTimespan.parse_choice(profile["max-jobs-per-timespan"])
        # long enough that planned rounds are rare, a rate no local build reaches
        assert pace.timespan >= 60 and pace.max_jobs / pace.timespan >= 10, name
        assert 2 <= int(profile["scheduler-subsample"]) <= 30, name


def test_the_exit_watch_starts_after_the_pre_parse():
    # the pre-parse forks its processes only while Snakemake's process runs no other thread
    # (workflow_support._outline_new): a watch started before it made a first run of a few
    # hundred documents read them one by one
    common = (ROOT / "workflow" / "rules" / "common.smk").read_text(encoding="utf-8")
    assert common.count("cancel_scheduler_timers_at_exit()") == 1
    assert common.index("OUTLINES = document_outlines(") < common.index("cancel_scheduler_timers_at_exit()")
