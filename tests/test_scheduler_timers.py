"""The scheduling rounds Snakemake still has planned when a run ends are cancelled, so the
process exits with its last job (workflow_support.cancel_scheduler_timers), and the profiles
pace those rounds in a form Snakemake reads."""

from __future__ import annotations

import threading
from pathlib import Path

import yaml
from snakemake.scheduling.job_scheduler import JobScheduler
from snakemake.settings.types import MaxJobsPerTimespan

from paperfig.workflow_support import cancel_scheduler_timers

ROOT = Path(__file__).resolve().parents[1]


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


def test_profiles_pace_rounds_in_a_form_snakemake_reads():
    for name in ("default", "local"):
        profile = yaml.safe_load((ROOT / "profiles" / name / "config.yaml").read_text())
        pace = MaxJobsPerTimespan.parse_choice(profile["max-jobs-per-timespan"])
        # long enough that planned rounds are rare, a rate no local build reaches
        assert pace.timespan >= 60 and pace.max_jobs / pace.timespan >= 10, name
        assert 2 <= int(profile["scheduler-subsample"]) <= 30, name
