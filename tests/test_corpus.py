"""The yardstick for issue #12: how many stated numbers of real-looking documents paperfig recovers.

``tests/corpus/`` holds documents written by hand in the forms real extractors produce:
pdftotext (plain and -layout), PDF-to-Markdown converters (Marker, Nougat, Docling, MinerU,
pymupdf4llm), Tesseract output of table images, Markdown slide decks (Marp, reveal.js,
pandoc) and chart descriptions in the styles of several vision-language models. None of
them is a seed from ``data/raw/``; their papers, models and numbers are invented.

Each document ``<name>.md``/``<name>.txt`` has a sidecar ``<name>.yaml``::

    forms: [pipe-table, caption-below]     # free tags: what the document exercises
    values:                                # every data number, by 1-based line
      7: ["74.7", "59.3", "10.99"]         # as printed, without units or a '+' sign

Data numbers are the numbers of table body cells (both halves of a pair, a value and its
delta or ± error) and the x and y of chart points (bars: the value only). Numbers in row
labels, headers, captions, axis ranges and ticks, legends, prose, page numbers and
citations are not data; a missing cell (``N/A``, ``—``) is not a value.

What is measured: every document goes through ``parse_document(read_document(path),
aliases={})``; the values it yields are the (line_no, value) of ``table_values`` rows that
are not ``missing``, not empty and not ``carried`` over a merged cell (a carried value is a
copy of a number printed on another line, not a stated number), plus the ``x`` and ``y`` of
every point. They are compared with the sidecar as multisets per line, numerically
(``Decimal``: "84.0" equals "84", "3e-4" equals "0.0003"). A document the parser refuses
(``DocumentError``) yields nothing; any other exception is reported as a crash.

Run ``python3 -m pytest tests/test_corpus.py -q -s -n 0 -p no:cacheprovider`` to see the
per-document table. The targets are recall >= 0.98 and precision >= 0.98.

``tests/corpus_blind*/`` are later batches, each written the same way by a teammate who did not
read the parsers: forms the parsers did not know when the batch was written (DePlot's linearised
tables, EasyOCR tuples, GROBID TEI, pandoc multiline tables, Tesseract TSV, hOCR, model prose
naming bars "from left to right", JSON answers, slide decks of every tool ...). Measured when each
batch arrived, before any fix: ``corpus_blind`` recall 0.549 / precision 0.979, ``corpus_blind2``
0.699 / 0.526, ``corpus_blind3`` 0.517 / 0.922, ``corpus_blind4`` (written after the fixes for the
first three) 0.627 / 0.949, ``corpus_blind5`` (after the fixes for the fourth) 0.478 / 0.967,
``corpus_blind6`` (chart descriptions and decks) 0.452 / 0.963 and ``corpus_blind7`` (pdftotext
pages, converters' and OCR engines' printouts) 0.590 / 0.764, and ``corpus_blind8`` (all five
kinds, everyday outputs as well as quirky ones, written after the fixes for the seventh) 0.816 /
0.986, ``corpus_blind9`` (chart descriptions and decks, after the fixes for the eighth) 0.743 /
0.996 and ``corpus_blind10`` (pdftotext pages, converters and OCR, written at the same time) 0.846
/ 0.991, ``corpus_blind11`` (chart descriptions and decks, after the fixes for the tenth) 0.829 /
0.987 and ``corpus_blind12`` (pdftotext pages, converters' and OCR tools' printouts, written at the
same time) 0.527 / 0.977, ``corpus_blind13`` (ordinary documents of many fields, all five kinds)
0.924 / 0.989 and ``corpus_blind14`` (the same, written at the same time) 0.951 / 0.994, then
``corpus_blind15`` to ``corpus_blind22`` (ordinary documents of 48 more fields, all five kinds, two
batches at a time) 0.833 / 0.974, 0.928 / 0.982, 0.865 / 0.992, 0.962 / 0.988, 0.905 / 0.991, 0.941
/ 0.994, 0.895 / 0.975 and 0.808 / 0.993, then ``corpus_blind23`` to ``corpus_blind30`` (120
ordinary documents of about 120 more fields, two batches at a time) 0.875 / 0.996, 0.880 / 1.000,
0.848 / 0.975, 0.978 / 0.991, 0.868 / 0.979, 0.873 / 1.000, 0.942 / 1.000 and 0.801 / 0.993, and
``corpus_blind31`` and ``corpus_blind32`` (written at the same time) 0.931 / 1.000 and 0.928 /
0.997, ``corpus_blind33`` and ``corpus_blind34`` 0.903 / 0.993 and 0.970 / 0.998,
``corpus_blind35`` and ``corpus_blind36`` 0.888 / 0.991 and 0.887 / 0.988, ``corpus_blind37`` and
``corpus_blind38`` 0.930 / 0.997 and 0.972 / 0.991, ``corpus_blind39`` and ``corpus_blind40`` 0.965
/ 0.991 and 0.960 / 0.992, ``corpus_blind41`` and ``corpus_blind42`` 0.852 / 0.993 and 0.923 /
0.996, then ``corpus_blind43`` to ``corpus_blind72`` (450 ordinary documents, written two or four
at a time while the fixes for the earlier ones landed) 0.961 / 0.993, 0.864 / 0.989, 0.952 / 0.996,
0.873 / 0.973, 0.921 / 0.998, 0.931 / 0.975, 0.961 / 0.985, 0.895 / 0.977, 0.967 / 0.998, 0.922 /
0.994, 0.948 / 0.991, 0.984 / 0.991, 0.935 / 0.976, 0.976 / 0.987, 0.963 / 0.972, 0.910 / 0.999,
0.949 / 1.000, 0.968 / 0.991, 0.906 / 0.981, 0.929 / 1.000, 0.941 / 0.995, 0.991 / 0.995, 0.960 /
1.000, 0.901 / 0.999, 0.991 / 0.999, 0.957 / 1.000, 0.897 / 1.000, 0.952 / 0.999, 0.978 / 1.000 and
0.940 / 1.000, then ``corpus_blind73`` to ``corpus_blind86`` (210 documents, written two or four at
a time in a later session, while the fixes for the earlier ones landed) 0.963 / 0.979, 0.939 /
0.997, 0.957 / 1.000, 0.986 / 0.995, 0.947 / 0.995, 0.986 / 0.995, 0.960 / 0.996, 0.953 / 1.000,
0.917 / 0.995, 0.959 / 0.996, 0.933 / 0.984, 0.957 / 1.000, 0.951 / 1.000 and 0.900 / 1.000, and
``corpus_blind87`` to ``corpus_blind96`` (150 documents) 0.977 / 0.978, 0.970 / 0.994, 0.931 /
0.998, 1.000 / 0.997, 0.981 / 0.991, 0.993 / 1.000, 0.954 / 0.987, 0.967 / 0.997, 0.988 / 0.990 and
0.958 / 0.979, and ``corpus_blind97`` to ``corpus_blind124`` (420 documents, written four at a time
in a later session while the fixes for the earlier ones landed) 0.980 / 1.000, 0.985 / 0.994, 0.990
/ 0.989, 0.934 / 0.999, 0.995 / 0.995, 0.978 / 0.994, 0.997 / 0.995, 0.935 / 0.985, 0.923 / 1.000,
0.917 / 0.997, 0.914 / 1.000, 0.932 / 0.972, 0.915 / 0.990, 0.989 / 1.000, 0.897 / 0.997, 0.957 /
0.996, 0.964 / 1.000, 0.814 / 0.980, 0.967 / 0.989, 0.971 / 0.987, 0.911 / 1.000, 0.972 / 1.000,
0.968 / 1.000, 0.904 / 0.981, 0.988 / 0.999, 0.943 / 1.000, 0.908 / 1.000 and 0.969 / 1.000, and
``corpus_blind125`` to ``corpus_blind128`` (60 documents, after that regression was fixed) 0.955 /
0.987, 0.979 / 1.000, 0.948 / 0.982 and 0.995 / 0.999, and ``corpus_blind129`` to
``corpus_blind172`` (660 documents, written four at a time in a later session while the fixes for
the earlier ones landed; pooled 0.968 / 0.991 over 38,831 values) 0.936 / 0.990, 0.953 / 1.000,
0.986 / 0.992, 1.000 / 0.998, 0.969 / 0.981, 0.974 / 1.000, 0.912 / 0.985, 0.993 / 0.999, 0.991 /
1.000, 0.969 / 0.988, 0.976 / 1.000, 0.994 / 1.000, 0.989 / 0.996, 0.972 / 1.000, 0.978 / 1.000,
0.984 / 0.969, 0.992 / 1.000, 0.936 / 1.000, 1.000 / 1.000, 0.919 / 0.981, 0.994 / 0.988, 0.917 /
1.000, 0.945 / 0.979, 0.973 / 0.992, 0.979 / 0.990, 0.982 / 1.000, 0.933 / 0.994, 0.975 / 1.000,
0.999 / 0.975, 0.908 / 0.997, 0.880 / 0.998, 0.986 / 0.972, 0.960 / 0.988, 0.954 / 0.934, 0.995 /
1.000, 0.971 / 0.998, 0.988 / 1.000, 0.950 / 0.991, 0.966 / 1.000, 0.947 / 0.992, 0.988 / 0.984,
0.989 / 0.961, 0.998 / 0.983 and 0.980 / 0.993, and ``corpus_blind173`` to ``corpus_blind216`` (660
documents, written four at a time in a later session while the fixes for the earlier ones landed;
pooled 0.975 / 0.993 over 38,565 values) 0.985 / 1.000, 0.869 / 0.997, 1.000 / 0.999, 0.982 / 1.000,
0.947 / 0.975, 0.922 / 0.999, 0.987 / 0.998, 0.982 / 0.987, 0.979 / 1.000, 0.995 / 0.995, 0.966 /
0.999, 0.985 / 0.987, 0.988 / 0.999, 0.969 / 1.000, 0.992 / 0.999, 0.981 / 0.990, 0.994 / 0.996,
0.976 / 1.000, 0.979 / 1.000, 0.913 / 0.995, 0.992 / 1.000, 0.987 / 0.984, 0.988 / 0.985, 0.993 /
0.996, 0.945 / 0.997, 0.974 / 0.995, 0.990 / 0.996, 0.988 / 0.990, 0.978 / 0.992, 0.948 / 1.000,
0.997 / 0.995, 0.990 / 0.999, 0.984 / 0.994, 0.994 / 0.995, 0.934 / 0.998, 0.913 / 1.000, 0.976 /
0.970, 0.988 / 0.970, 0.994 / 0.999, 0.985 / 0.985, 0.998 / 0.989, 0.972 / 1.000, 0.975 / 1.000 and
0.986 / 0.976, and ``corpus_blind217`` to ``corpus_blind248`` (480 documents, written four at a time
in a later session while the fixes for the earlier ones landed; pooled 0.970 / 0.994 over 28,736
values) 0.996 / 0.987, 0.983 / 0.975, 0.989 / 0.997, 0.982 / 0.994, 0.987 / 0.999, 1.000 / 0.994,
0.997 / 1.000, 0.985 / 0.995, 0.985 / 0.989, 0.991 / 0.994, 0.983 / 0.988, 0.986 / 0.986, 0.928 /
0.990, 0.933 / 1.000, 0.937 / 0.999, 0.968 / 1.000, 0.976 / 0.985, 0.935 / 1.000, 0.944 / 0.999,
0.967 / 1.000, 0.927 / 0.996, 1.000 / 1.000, 0.966 / 0.996, 0.946 / 0.993, 0.970 / 0.985, 0.991 /
1.000, 0.990 / 0.979, 0.978 / 0.983, 0.978 / 0.994, 0.976 / 0.995, 0.930 / 1.000 and 0.968 / 0.998,
and ``corpus_blind249`` to ``corpus_blind300`` (780 documents, written four at a time in a later
session while the fixes for the earlier ones landed; pooled 0.973 / 0.994 over 46,877 values) 0.987
/ 1.000, 0.976 / 1.000, 0.990 / 1.000, 0.974 / 0.997, 0.974 / 0.977, 1.000 / 0.994, 0.989 / 0.993,
0.988 / 0.999, 0.957 / 0.980, 0.946 / 1.000, 0.958 / 0.998, 0.979 / 0.998, 0.966 / 0.993, 0.971 /
0.996, 0.993 / 0.996, 0.979 / 0.991, 0.981 / 0.998, 0.949 / 0.994, 0.981 / 0.996, 0.981 / 0.994,
0.957 / 0.994, 0.973 / 0.985, 0.996 / 0.993, 0.971 / 0.998, 0.990 / 0.993, 0.929 / 1.000, 0.999 /
0.985, 1.000 / 0.988, 0.895 / 0.994, 0.932 / 1.000, 0.968 / 0.994, 0.989 / 0.996, 0.961 / 0.999,
0.970 / 0.988, 0.982 / 1.000, 0.960 / 1.000, 0.999 / 0.988, 0.925 / 1.000, 0.961 / 0.996, 0.963 /
0.999, 0.999 / 0.998, 0.991 / 0.983, 0.982 / 1.000, 0.998 / 1.000, 0.982 / 0.985, 0.984 / 0.986,
0.971 / 0.984, 0.971 / 1.000, 0.938 / 1.000, 0.982 / 0.990, 0.997 / 0.993 and 0.970 / 0.991, and
``corpus_blind301`` to ``corpus_blind342`` (630 documents, written four at a time in a later session
while the fixes for the earlier ones landed; pooled 0.975 / 0.991 over 36,877 values) 0.977 / 0.991,
0.967 / 1.000, 0.882 / 0.993, 0.988 / 0.980, 0.999 / 0.992, 0.983 / 0.935, 0.978 / 0.995, 0.983 /
0.980, 0.984 / 1.000, 0.994 / 0.990, 0.996 / 0.932, 0.955 / 1.000, 0.978 / 1.000, 0.993 / 0.996,
0.982 / 0.994, 0.992 / 0.995, 0.995 / 1.000, 0.998 / 0.999, 0.991 / 0.995, 0.959 / 0.994, 0.997 /
0.980, 0.997 / 0.999, 0.996 / 1.000, 0.965 / 1.000, 0.974 / 0.997, 0.899 / 0.992, 0.971 / 1.000,
0.969 / 1.000, 0.975 / 0.972, 0.985 / 1.000, 0.993 / 0.997, 0.972 / 0.987, 0.963 / 1.000, 0.953 /
0.985, 0.976 / 0.993, 0.980 / 1.000, 0.928 / 1.000, 0.987 / 0.990, 0.945 / 0.995, 0.926 / 1.000,
0.994 / 0.997 and 0.998 / 0.986, and ``corpus_blind343`` to ``corpus_blind374`` (480 documents,
written four at a time in a later session while the fixes for the earlier ones landed; pooled 0.971
/ 0.994 over 27,145 values) 0.972 / 0.984, 0.967 / 0.981, 0.975 / 1.000, 0.999 / 1.000, 0.979 /
1.000, 0.944 / 0.989, 0.993 / 0.989, 0.963 / 0.991, 0.977 / 0.973, 0.985 / 0.994, 0.952 / 0.999,
0.931 / 0.986, 0.997 / 1.000, 0.934 / 1.000, 0.999 / 1.000, 0.987 / 0.987, 0.994 / 1.000, 0.971 /
1.000, 0.996 / 1.000, 0.847 / 0.988, 0.891 / 1.000, 0.966 / 0.992, 0.980 / 1.000, 0.935 / 0.996,
0.999 / 0.999, 0.978 / 0.988, 0.992 / 0.997, 0.991 / 0.982, 0.969 / 1.000, 0.991 / 0.983, 0.977 /
1.000 and 0.998 / 0.999, and ``corpus_blind375`` to ``corpus_blind414`` (600 documents, written four
at a time in a later session while the fixes for the earlier ones landed; pooled 0.971 / 0.989 over
41,735 values) 0.960 / 1.000, 0.968 / 0.996, 0.953 / 0.989, 0.933 / 0.996, 0.993 / 0.949, 0.960 /
0.969, 1.000 / 0.995, 0.979 / 0.999, 0.930 / 0.999, 0.994 / 0.980, 0.944 / 0.999, 0.918 / 0.999,
0.984 / 0.997, 0.964 / 0.982, 0.982 / 0.986, 0.984 / 0.994, 0.991 / 0.994, 0.983 / 0.995, 0.981 /
1.000, 0.953 / 1.000, 0.989 / 0.997, 0.916 / 0.998, 0.983 / 0.987, 0.984 / 0.962, 0.989 / 0.997,
0.939 / 0.951, 0.981 / 0.993, 0.958 / 1.000, 0.969 / 0.997, 0.988 / 1.000, 0.970 / 1.000, 0.995 /
0.962, 0.990 / 0.973, 0.986 / 0.990, 0.976 / 0.996, 0.953 / 0.997, 0.983 / 0.991, 0.997 / 0.974,
0.950 / 0.976 and 0.997 / 0.997 - the honest estimate of how paperfig does on documents nobody here
has seen. (Batches 105 to 124 arrived while a regression of one-cell-per-line tables with merged OCR
boxes, introduced in that session and fixed before batch 125, was in the code; their arrival numbers
include it.) (Batches 47 and 48 were swept, half-written, into two fix commits by a ``git add`` of
``tests/``; none of their documents was opened or scored before they were committed whole. Batch 265
was committed before its writer had finished; the writer then re-spaced one document's prose, no
value line. Two sidecars of batch 25, one each of batches 157 and 160 (three series) and one each of
batches 27, 46, 57, 73, 75, 82, 83, 85, 95, 96, 108, 109, 120, 129, 133, 144, 148, 171, 177, 209,
228, 233, 241 and 243 were corrected after arrival to the rule above: a shared x counts once per
point, a bar by its value only. Nine sidecars, one each of batches 321, 329, 332, 343, 344, 351,
354, 358 and 368, count an x that a table row shares among its series once per row, against that
rule; they are kept as written, their precision floors lower for it. Two precision floors went down,
batch 3 to 0.97 and batch 17 to 0.99, when a pair of value bullets became a list (``Girls: 57.9% →
80.6%``): their writers did not count such bullets, later writers do.) The forms they showed were
then added to the readers (as forms, never as files), so their numbers now are no longer blind; they
are printed and guarded against regressions (``BLIND_FLOORS``), not held to the target.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

import pytest
import yaml

from paperfig.documents import read_document
from paperfig.errors import DocumentError
from paperfig.parse import parse_document

CORPUS = Path(__file__).resolve().parent / "corpus"
BLIND = Path(__file__).resolve().parent / "corpus_blind"
#: Each later batch's (recall, precision) when last measured: they may only go up.
BLIND_FLOORS = {"corpus_blind": (1.0, 0.99), "corpus_blind2": (0.98, 1.0), "corpus_blind3": (0.95, 0.97),
                "corpus_blind4": (0.95, 0.99), "corpus_blind5": (0.91, 0.98), "corpus_blind6": (0.91, 1.0),
                "corpus_blind7": (0.98, 0.99), "corpus_blind8": (0.98, 1.0), "corpus_blind9": (0.98, 0.99),
                "corpus_blind10": (0.98, 1.0), "corpus_blind11": (0.94, 1.0), "corpus_blind12": (0.99, 0.98),
                "corpus_blind13": (0.99, 0.99), "corpus_blind14": (1.0, 1.0), "corpus_blind15": (1.0, 1.0),
                "corpus_blind16": (0.98, 1.0), "corpus_blind17": (0.99, 0.99), "corpus_blind18": (1.0, 1.0),
                "corpus_blind19": (0.97, 1.0), "corpus_blind20": (0.99, 1.0), "corpus_blind21": (0.96, 0.99),
                "corpus_blind22": (0.95, 0.99), "corpus_blind23": (0.98, 0.99), "corpus_blind24": (0.99, 1.0),
                "corpus_blind25": (0.94, 0.99), "corpus_blind26": (0.99, 0.99), "corpus_blind27": (0.99, 1.0),
                "corpus_blind28": (0.99, 1.0), "corpus_blind29": (0.99, 1.0), "corpus_blind30": (0.97, 1.0),
                "corpus_blind31": (0.99, 1.0), "corpus_blind32": (0.99, 0.99), "corpus_blind33": (0.98, 0.99),
                "corpus_blind34": (0.99, 0.99), "corpus_blind35": (1.0, 1.0), "corpus_blind36": (0.99, 0.99),
                "corpus_blind37": (0.99, 0.99), "corpus_blind38": (0.97, 0.99), "corpus_blind39": (0.99, 0.99),
                "corpus_blind40": (0.96, 0.99), "corpus_blind41": (0.99, 0.99), "corpus_blind42": (0.99, 0.99),
                "corpus_blind43": (0.98, 0.99), "corpus_blind44": (0.95, 0.99), "corpus_blind45": (0.97, 0.99),
                "corpus_blind46": (0.99, 0.99), "corpus_blind47": (0.97, 0.99), "corpus_blind48": (0.97, 0.99),
                "corpus_blind49": (0.98, 1.0), "corpus_blind50": (0.99, 0.99), "corpus_blind51": (0.98, 1.0),
                "corpus_blind52": (0.94, 0.99), "corpus_blind53": (0.98, 1.0), "corpus_blind54": (0.99, 0.99),
                "corpus_blind55": (0.98, 0.98), "corpus_blind56": (0.98, 0.99), "corpus_blind57": (0.97, 1.0),
                "corpus_blind58": (0.99, 0.99), "corpus_blind59": (0.98, 1.0), "corpus_blind60": (0.99, 1.0),
                "corpus_blind61": (0.99, 0.99), "corpus_blind62": (0.98, 1.0), "corpus_blind63": (0.97, 0.99),
                "corpus_blind64": (1.0, 0.99), "corpus_blind65": (0.96, 1.0), "corpus_blind66": (0.97, 0.99),
                "corpus_blind67": (0.99, 0.99), "corpus_blind68": (0.98, 1.0), "corpus_blind69": (0.98, 1.0),
                "corpus_blind70": (0.97, 0.99), "corpus_blind71": (0.99, 1.0), "corpus_blind72": (0.97, 1.0),
                "corpus_blind73": (0.97, 1.0), "corpus_blind74": (0.99, 0.99), "corpus_blind75": (0.98, 1.0),
                "corpus_blind76": (0.99, 0.99), "corpus_blind77": (1.0, 0.99), "corpus_blind78": (0.99, 0.99),
                "corpus_blind79": (0.98, 0.99), "corpus_blind80": (0.99, 1.0), "corpus_blind81": (0.99, 0.99),
                "corpus_blind82": (0.98, 0.99), "corpus_blind83": (0.94, 1.0), "corpus_blind84": (1.0, 1.0),
                "corpus_blind85": (0.98, 1.0), "corpus_blind86": (0.99, 1.0), "corpus_blind87": (0.98, 0.99),
                "corpus_blind88": (0.97, 1.0), "corpus_blind89": (0.99, 1.0), "corpus_blind90": (1.0, 0.99),
                "corpus_blind91": (0.99, 1.0), "corpus_blind92": (0.99, 1.0), "corpus_blind93": (1.0, 0.99),
                "corpus_blind94": (0.96, 0.99), "corpus_blind95": (0.99, 0.99), "corpus_blind96": (0.97, 0.99),
                "corpus_blind97": (0.99, 1.0), "corpus_blind98": (0.99, 0.99), "corpus_blind99": (1.0, 0.98),
                "corpus_blind100": (0.98, 0.99), "corpus_blind101": (1.0, 0.99), "corpus_blind102": (0.98, 0.99),
                "corpus_blind103": (0.99, 0.99), "corpus_blind104": (0.97, 0.99), "corpus_blind105": (0.96, 1.0),
                "corpus_blind106": (0.97, 0.99), "corpus_blind107": (1.0, 1.0), "corpus_blind108": (0.94, 1.0),
                "corpus_blind109": (0.97, 1.0), "corpus_blind110": (0.98, 1.0), "corpus_blind111": (0.95, 0.99),
                "corpus_blind112": (0.98, 1.0), "corpus_blind113": (0.96, 1.0), "corpus_blind114": (0.97, 0.99),
                "corpus_blind115": (0.96, 0.98), "corpus_blind116": (0.99, 1.0), "corpus_blind117": (0.99, 1.0),
                "corpus_blind118": (0.99, 1.0), "corpus_blind119": (0.97, 1.0), "corpus_blind120": (1.0, 0.99),
                "corpus_blind121": (0.99, 0.99), "corpus_blind122": (1.0, 1.0), "corpus_blind123": (0.94, 1.0),
                "corpus_blind124": (0.98, 1.0), "corpus_blind125": (0.95, 0.98), "corpus_blind126": (0.97, 1.0),
                "corpus_blind127": (0.94, 0.98), "corpus_blind128": (0.99, 0.99), "corpus_blind129": (0.99, 1.0),
                "corpus_blind130": (0.95, 1.0), "corpus_blind131": (0.99, 0.99), "corpus_blind132": (1.0, 0.99),
                "corpus_blind133": (0.99, 1.0), "corpus_blind134": (0.97, 1.0), "corpus_blind135": (0.98, 0.98),
                "corpus_blind136": (0.99, 0.99), "corpus_blind137": (0.99, 1.0), "corpus_blind138": (0.96, 0.98),
                "corpus_blind139": (0.97, 1.0), "corpus_blind140": (0.99, 1.0), "corpus_blind141": (1.0, 0.99),
                "corpus_blind142": (0.97, 1.0), "corpus_blind143": (0.99, 1.0), "corpus_blind144": (1.0, 0.99),
                "corpus_blind145": (0.99, 1.0), "corpus_blind146": (0.96, 1.0), "corpus_blind147": (1.0, 1.0),
                "corpus_blind148": (0.98, 0.99), "corpus_blind149": (0.99, 0.98), "corpus_blind150": (0.99, 1.0),
                "corpus_blind151": (0.98, 0.99), "corpus_blind152": (0.98, 0.99), "corpus_blind153": (0.97, 1.0),
                "corpus_blind154": (0.98, 1.0), "corpus_blind155": (0.98, 1.0), "corpus_blind156": (0.98, 1.0),
                "corpus_blind157": (0.99, 0.99), "corpus_blind158": (0.99, 0.99), "corpus_blind159": (0.94, 0.99),
                "corpus_blind160": (0.99, 0.99), "corpus_blind161": (0.99, 0.98), "corpus_blind162": (0.99, 0.99),
                "corpus_blind163": (0.99, 1.0), "corpus_blind164": (0.98, 0.99), "corpus_blind165": (0.98, 1.0),
                "corpus_blind166": (0.95, 1.0), "corpus_blind167": (0.96, 1.0), "corpus_blind168": (0.94, 0.99),
                "corpus_blind169": (0.98, 1.0), "corpus_blind170": (0.98, 0.99), "corpus_blind171": (0.99, 0.99),
                "corpus_blind172": (0.98, 0.99),
                "corpus_blind173": (0.98, 1.0), "corpus_blind174": (0.94, 0.99), "corpus_blind175": (1.0, 0.99),
                "corpus_blind176": (0.98, 1.0), "corpus_blind177": (0.98, 1.0), "corpus_blind178": (0.98, 0.99),
                "corpus_blind179": (0.98, 0.99), "corpus_blind180": (0.98, 0.98), "corpus_blind181": (0.97, 1.0),
                "corpus_blind182": (0.99, 0.99), "corpus_blind183": (0.98, 0.99), "corpus_blind184": (0.98, 0.98),
                "corpus_blind185": (0.98, 0.99), "corpus_blind186": (0.96, 1.0), "corpus_blind187": (0.99, 0.99),
                "corpus_blind188": (0.99, 0.99), "corpus_blind189": (0.99, 0.99), "corpus_blind190": (0.98, 1.0),
                "corpus_blind191": (0.97, 1.0), "corpus_blind192": (0.92, 0.99), "corpus_blind193": (0.99, 1.0),
                "corpus_blind194": (0.98, 0.98), "corpus_blind195": (1.0, 0.99), "corpus_blind196": (0.99, 0.99),
                "corpus_blind197": (0.99, 0.99), "corpus_blind198": (0.97, 0.99), "corpus_blind199": (0.99, 0.99),
                "corpus_blind200": (1.0, 0.98), "corpus_blind201": (0.97, 0.99), "corpus_blind202": (0.98, 1.0),
                "corpus_blind203": (0.99, 0.99), "corpus_blind204": (0.99, 0.99), "corpus_blind205": (0.98, 0.99),
                "corpus_blind206": (0.99, 0.99), "corpus_blind207": (0.93, 0.99), "corpus_blind208": (0.95, 1.0),
                "corpus_blind209": (0.97, 0.99), "corpus_blind210": (0.98, 0.99), "corpus_blind211": (0.99, 0.99),
                "corpus_blind212": (0.98, 0.99), "corpus_blind213": (0.99, 0.98), "corpus_blind214": (0.97, 1.0),
                "corpus_blind215": (0.97, 1.0), "corpus_blind216": (0.98, 0.98), "corpus_blind217": (0.99, 1.0),
                "corpus_blind218": (0.98, 0.99), "corpus_blind219": (0.98, 0.99), "corpus_blind220": (0.98, 0.99),
                "corpus_blind221": (0.98, 0.99), "corpus_blind222": (1.0, 0.99), "corpus_blind223": (0.99, 1.0),
                "corpus_blind224": (0.98, 0.99), "corpus_blind225": (1.0, 1.0), "corpus_blind226": (0.99, 0.99),
                "corpus_blind227": (0.98, 0.98), "corpus_blind228": (0.98, 0.99), "corpus_blind229": (0.96, 0.99),
                "corpus_blind230": (0.93, 1.0), "corpus_blind231": (0.99, 0.99), "corpus_blind232": (0.96, 1.0),
                "corpus_blind233": (0.97, 0.99), "corpus_blind234": (0.93, 1.0), "corpus_blind235": (0.99, 0.99),
                "corpus_blind236": (0.99, 1.0), "corpus_blind237": (0.92, 0.99), "corpus_blind238": (1.0, 1.0),
                "corpus_blind239": (0.99, 1.0), "corpus_blind240": (0.94, 0.99), "corpus_blind241": (0.97, 1.0),
                "corpus_blind242": (0.99, 1.0), "corpus_blind243": (0.99, 1.0), "corpus_blind244": (0.98, 1.0),
                "corpus_blind245": (0.97, 0.99), "corpus_blind246": (0.98, 0.99), "corpus_blind247": (0.92, 1.0),
                "corpus_blind248": (0.96, 0.99), "corpus_blind249": (0.98, 1.0), "corpus_blind250": (0.97, 1.0),
                "corpus_blind251": (0.98, 1.0), "corpus_blind252": (0.97, 0.99), "corpus_blind253": (0.97, 0.97),
                "corpus_blind254": (1.0, 0.99), "corpus_blind255": (0.98, 0.99), "corpus_blind256": (0.98, 0.99),
                "corpus_blind257": (0.99, 0.98), "corpus_blind258": (0.98, 1.0), "corpus_blind259": (0.95, 0.99),
                "corpus_blind260": (0.97, 0.99), "corpus_blind261": (0.96, 0.99), "corpus_blind262": (0.97, 0.99),
                "corpus_blind263": (0.99, 0.99), "corpus_blind264": (0.97, 0.99), "corpus_blind265": (0.98, 0.99),
                "corpus_blind266": (0.98, 0.99), "corpus_blind267": (0.98, 0.99), "corpus_blind268": (0.98, 0.99),
                "corpus_blind269": (0.97, 0.99), "corpus_blind270": (0.97, 0.98), "corpus_blind271": (0.99, 0.99),
                "corpus_blind272": (0.97, 0.99), "corpus_blind273": (0.98, 0.99), "corpus_blind274": (0.98, 1.0),
                "corpus_blind275": (0.99, 0.98), "corpus_blind276": (1.0, 0.98), "corpus_blind277": (0.95, 0.99),
                "corpus_blind278": (0.93, 1.0), "corpus_blind279": (0.96, 0.99), "corpus_blind280": (0.98, 0.99),
                "corpus_blind281": (0.96, 0.99), "corpus_blind282": (0.97, 0.98), "corpus_blind283": (0.98, 1.0),
                "corpus_blind284": (0.96, 1.0), "corpus_blind285": (0.99, 0.98), "corpus_blind286": (0.92, 1.0),
                "corpus_blind287": (0.99, 0.99), "corpus_blind288": (0.96, 0.99), "corpus_blind289": (0.99, 0.99),
                "corpus_blind290": (0.99, 0.98), "corpus_blind291": (0.98, 1.0), "corpus_blind292": (0.99, 1.0),
                "corpus_blind293": (0.98, 0.98), "corpus_blind294": (0.98, 0.98), "corpus_blind295": (0.97, 0.98),
                "corpus_blind296": (0.97, 1.0), "corpus_blind297": (0.93, 1.0), "corpus_blind298": (0.98, 0.98),
                "corpus_blind299": (0.99, 0.99), "corpus_blind300": (0.97, 0.99),
                "corpus_blind301": (0.97, 0.99), "corpus_blind302": (0.98, 1.0), "corpus_blind303": (0.96, 0.99),
                "corpus_blind304": (0.98, 0.97), "corpus_blind305": (0.99, 0.99), "corpus_blind306": (0.99, 0.96),
                "corpus_blind307": (0.97, 0.99), "corpus_blind308": (0.98, 0.97), "corpus_blind309": (0.98, 1.0),
                "corpus_blind310": (0.99, 0.99), "corpus_blind311": (0.99, 0.93), "corpus_blind312": (0.99, 1.0),
                "corpus_blind313": (0.97, 1.0), "corpus_blind314": (0.99, 0.99), "corpus_blind315": (0.98, 0.99),
                "corpus_blind316": (0.99, 0.99), "corpus_blind317": (0.99, 1.0), "corpus_blind318": (0.99, 0.99),
                "corpus_blind319": (0.99, 0.99), "corpus_blind320": (0.95, 0.99), "corpus_blind321": (0.99, 0.97),
                "corpus_blind322": (0.99, 0.99), "corpus_blind323": (0.99, 1.0), "corpus_blind324": (0.96, 1.0),
                "corpus_blind325": (0.97, 0.99), "corpus_blind326": (0.96, 0.99), "corpus_blind327": (0.97, 1.0),
                "corpus_blind328": (0.96, 1.0), "corpus_blind329": (0.97, 0.97), "corpus_blind330": (0.98, 1.0),
                "corpus_blind331": (0.99, 0.99), "corpus_blind332": (0.97, 0.98), "corpus_blind333": (0.96, 1.0),
                "corpus_blind334": (0.95, 0.99), "corpus_blind335": (0.97, 0.99), "corpus_blind336": (0.97, 1.0),
                "corpus_blind337": (0.96, 1.0), "corpus_blind338": (0.98, 0.99), "corpus_blind339": (0.94, 0.99),
                "corpus_blind340": (0.99, 1.0), "corpus_blind341": (0.99, 0.99), "corpus_blind342": (0.99, 0.98),
                "corpus_blind343": (0.97, 0.98), "corpus_blind344": (0.99, 0.98), "corpus_blind345": (0.97, 1.0),
                "corpus_blind346": (0.99, 1.0), "corpus_blind347": (0.97, 1.0), "corpus_blind348": (0.94, 0.98),
                "corpus_blind349": (0.99, 0.98), "corpus_blind350": (0.96, 0.99), "corpus_blind351": (0.97, 0.97),
                "corpus_blind352": (0.98, 0.99), "corpus_blind353": (0.99, 1.0), "corpus_blind354": (0.98, 0.98),
                "corpus_blind355": (0.99, 1.0), "corpus_blind356": (0.99, 1.0), "corpus_blind357": (0.99, 1.0),
                "corpus_blind358": (0.98, 0.98), "corpus_blind359": (0.99, 1.0), "corpus_blind360": (0.97, 1.0),
                "corpus_blind361": (0.99, 1.0), "corpus_blind362": (0.98, 0.98), "corpus_blind363": (0.92, 1.0),
                "corpus_blind364": (0.96, 0.99), "corpus_blind365": (0.98, 1.0), "corpus_blind366": (0.93, 0.99),
                "corpus_blind367": (0.99, 0.99), "corpus_blind368": (0.97, 0.98), "corpus_blind369": (0.99, 0.99),
                "corpus_blind370": (0.99, 0.99), "corpus_blind371": (0.96, 1.0), "corpus_blind372": (0.99, 0.99),
                "corpus_blind373": (0.97, 1.0), "corpus_blind374": (0.99, 0.99),
                "corpus_blind375": (0.96, 1.0), "corpus_blind376": (0.97, 0.99), "corpus_blind377": (0.97, 0.98),
                "corpus_blind378": (0.98, 0.99), "corpus_blind379": (0.99, 0.99), "corpus_blind380": (0.97, 0.96),
                "corpus_blind381": (0.98, 0.99), "corpus_blind382": (0.97, 0.99), "corpus_blind383": (0.98, 0.99),
                "corpus_blind384": (0.99, 0.98), "corpus_blind385": (0.99, 0.99), "corpus_blind386": (0.99, 0.99),
                "corpus_blind387": (0.98, 0.99), "corpus_blind388": (0.96, 0.99), "corpus_blind389": (0.99, 0.99),
                "corpus_blind390": (0.99, 0.99), "corpus_blind391": (0.99, 0.99), "corpus_blind392": (0.98, 0.99),
                "corpus_blind393": (0.98, 1.0), "corpus_blind394": (0.96, 1.0), "corpus_blind395": (0.98, 0.99),
                "corpus_blind396": (0.95, 0.99), "corpus_blind397": (0.98, 0.98), "corpus_blind398": (0.98, 0.98),
                "corpus_blind399": (0.98, 0.99), "corpus_blind400": (0.93, 0.98), "corpus_blind401": (0.98, 0.99),
                "corpus_blind402": (0.95, 1.0), "corpus_blind403": (0.96, 0.99), "corpus_blind404": (0.98, 1.0),
                "corpus_blind405": (0.96, 1.0), "corpus_blind406": (0.99, 0.98), "corpus_blind407": (0.99, 0.97),
                "corpus_blind408": (0.98, 0.99), "corpus_blind409": (0.97, 0.99), "corpus_blind410": (0.98, 0.99),
                "corpus_blind411": (0.98, 0.99), "corpus_blind412": (0.99, 0.98), "corpus_blind413": (0.95, 0.97),
                "corpus_blind414": (0.99, 0.99)}
BLIND_BATCHES = [BLIND.parent / name for name in BLIND_FLOORS]
DOCUMENT_SUFFIXES = (".md", ".txt", ".mmd")  # (.mmd: Nougat's Markdown)
#: The documents with no data at all: prose only, and a document of an odd form.
NO_DATA = ("prose_only.md", "odd_bibliography.txt")
MIN_DOCUMENTS = 45
RECALL_TARGET = 0.98
PRECISION_TARGET = 0.98

Key = tuple[int, Decimal]


def _number(text: object) -> Decimal | None:
    """A finite Decimal from a value's text, or None when it is not a number."""
    try:
        number = Decimal(str(text).strip())
    except (InvalidOperation, ValueError):
        return None
    return number if number.is_finite() else None


def corpus_documents(folder: Path = CORPUS) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix in DOCUMENT_SUFFIXES)


def load_sidecar(document: Path) -> dict:
    with open(document.with_suffix(".yaml"), encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def expected_values(document: Path) -> Counter:
    """The sidecar's values as a multiset of (line_no, Decimal)."""
    expected: Counter = Counter()
    for line_no, values in (load_sidecar(document)["values"] or {}).items():
        for value in values:
            expected[(int(line_no), _number(value))] += 1
    return expected


def produced_values(parsed: dict) -> tuple[Counter, list[str]]:
    """(line_no, Decimal) of every stated table value and point coordinate the parser gave.

    Returns the multiset and the texts that are not numbers (each is counted as spurious by
    the caller, keyed with a None value)."""
    produced: Counter = Counter()
    odd: list[str] = []

    def add(line_no: object, text: object) -> None:
        number = _number(text)
        if number is None:
            odd.append(f"line {line_no}: {text!r}")
        produced[(int(line_no), number)] += 1

    for row in parsed.get("table_values") or []:
        if row.get("part") == "missing" or row.get("value") in ("", None):
            continue
        if str(row.get("carried", "")).lower() in ("true", "1"):
            continue
        add(row["line_no"], row["value"])
    for point in parsed.get("points") or []:
        for axis in ("x", "y"):
            if point.get(axis) not in ("", None):  # an x printed on a line of its own counts there
                add((axis == "x" and point.get("x_line_no")) or point["line_no"], point[axis])
    return produced, odd


@dataclass
class DocumentScore:
    name: str
    expected: Counter
    produced: Counter = field(default_factory=Counter)
    error: str = ""  # "refused: ..." (DocumentError) or "CRASH: ..." (anything else)
    odd: list[str] = field(default_factory=list)

    @property
    def true_positives(self) -> int:
        return sum((self.expected & self.produced).values())

    @property
    def n_expected(self) -> int:
        return sum(self.expected.values())

    @property
    def n_found(self) -> int:
        return sum(self.produced.values())

    @property
    def missed(self) -> list[Key]:
        return sorted((self.expected - self.produced).elements(), key=_sort_key)

    @property
    def spurious(self) -> list[Key]:
        return sorted((self.produced - self.expected).elements(), key=_sort_key)


def _sort_key(key: tuple) -> tuple:
    line_no, value = key
    return (line_no, value if value is not None else Decimal("-Infinity"))


@functools.cache
def score_document(path: Path) -> DocumentScore:
    score = DocumentScore(path.name, expected_values(path))
    try:
        parsed = parse_document(read_document(path), aliases={})
    except DocumentError as exc:
        score.error = f"refused: {exc}"
        return score
    except Exception as exc:  # noqa: BLE001 - a crash is reported, not raised, so all documents are measured
        score.error = f"CRASH: {type(exc).__name__}: {exc}"
        return score
    score.produced, score.odd = produced_values(parsed)
    return score


def corpus_scores(folder: Path = CORPUS) -> list[DocumentScore]:
    return [score_document(path) for path in corpus_documents(folder)]


def _fmt(key: tuple) -> str:
    line_no, value = key
    return f"{line_no}:{value if value is not None else '<not a number>'}"


def report(scores: list[DocumentScore]) -> tuple[str, float, float]:
    """The per-document table, overall recall and precision."""
    expected = sum(s.n_expected for s in scores)
    found = sum(s.n_found for s in scores)
    tp = sum(s.true_positives for s in scores)
    recall = tp / expected if expected else 1.0
    precision = tp / found if found else (1.0 if not expected else 0.0)
    width = max(len(s.name) for s in scores)
    lines = [f"{'document':<{width}}  expected  found  true+  note"]
    for s in scores:
        note = s.error[:70] if s.error else ""
        lines.append(f"{s.name:<{width}}  {s.n_expected:>8}  {s.n_found:>5}  {s.true_positives:>5}  {note}")
    lines.append(f"{'TOTAL':<{width}}  {expected:>8}  {found:>5}  {tp:>5}")
    lines.append(f"recall {recall:.3f} (target {RECALL_TARGET}), precision {precision:.3f} (target {PRECISION_TARGET})")
    return "\n".join(lines), recall, precision


def worst_documents(scores: list[DocumentScore], n: int = 8, examples: int = 5) -> str:
    """The documents with the most errors (missed + spurious), with a few of each."""
    ranked = sorted(scores, key=lambda s: -(len(s.missed) + len(s.spurious)))
    out = []
    for s in ranked[:n]:
        if not s.missed and not s.spurious:
            break
        head = f"- {s.name}: {s.true_positives}/{s.n_expected} found, {len(s.spurious)} spurious"
        if s.error:
            head += f" [{s.error[:120]}]"
        out.append(head)
        if s.missed:
            more = f" (+{len(s.missed) - examples} more)" if len(s.missed) > examples else ""
            out.append("    missed:   " + ", ".join(_fmt(k) for k in s.missed[:examples]) + more)
        if s.spurious:
            more = f" (+{len(s.spurious) - examples} more)" if len(s.spurious) > examples else ""
            out.append("    spurious: " + ", ".join(_fmt(k) for k in s.spurious[:examples]) + more)
    return "\n".join(out)


# --- the corpus itself is well formed --------------------------------------------------------


def test_corpus_is_large_and_every_document_has_a_sidecar():
    documents = corpus_documents()
    assert len(documents) >= MIN_DOCUMENTS
    sidecars = {p.stem for p in CORPUS.glob("*.yaml")}
    assert sidecars == {p.stem for p in documents}, "every document needs exactly one sidecar"
    for name in NO_DATA:
        assert (CORPUS / name).exists()


#: A thousands comma, also in the Indian grouping of lakhs (``1,84,620``).
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3})|(?<=\d),(?=\d{2},\d)")


@pytest.mark.parametrize("document", corpus_documents() + [p for b in BLIND_BATCHES for p in corpus_documents(b)],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_sidecar_is_well_formed(document):
    """forms is a non-empty list; every key is a line of the document; every value is a
    number printed on that line (scientific notation and LaTeX powers of ten excepted)."""
    sidecar = load_sidecar(document)
    assert set(sidecar) == {"forms", "values"}
    assert isinstance(sidecar["forms"], list) and sidecar["forms"]
    lines = read_document(document).lines
    for line_no, values in (sidecar["values"] or {}).items():
        assert isinstance(line_no, int) and 1 <= line_no <= len(lines), line_no
        assert isinstance(values, list) and values, line_no
        printed = _THOUSANDS.sub("", lines[line_no - 1].replace("\u2212", "-"))
        for value in values:
            assert isinstance(value, str) and _number(value) is not None, (line_no, value)
            if re.search(r"\d[eE][-+]?\d|\\times\s*10", printed):
                continue
            # (a signed value may follow a digit: OCR glued two cells, '-1.51-1.17')
            before = r"(?<![.])" if value[:1] in "-+" else r"(?<![\d.])"
            assert re.search(before + re.escape(value) + r"(?!\d)", printed), (line_no, value)
    if document.name in NO_DATA:
        assert not sidecar["values"]


def test_scoring_counts_multisets_per_line_numerically():
    """The measure itself: numeric equality, multiplicity, and the line both matter."""
    score = DocumentScore(
        "x.md",
        Counter({(3, Decimal("84.0")): 2, (4, Decimal("0.0003")): 1, (5, Decimal("1")): 1}),
        Counter({(3, Decimal("84")): 1, (4, Decimal("3e-4")): 1, (6, Decimal("1")): 1}),
    )
    assert score.true_positives == 2
    assert score.missed == [(3, Decimal("84.0")), (5, Decimal("1"))]
    assert score.spurious == [(6, Decimal("1"))]
    produced, odd = produced_values({
        "table_values": [
            {"line_no": 2, "part": "value", "value": "74.7", "carried": False},
            {"line_no": 2, "part": "missing", "value": "", "carried": False},
            {"line_no": 3, "part": "value", "value": "74.7", "carried": True},
        ],
        "points": [{"line_no": 5, "x": "4", "y": ""}, {"line_no": 6, "x": "n/a", "y": "1.5"}],
    })
    assert produced == Counter({(2, Decimal("74.7")): 1, (5, Decimal("4")): 1, (6, None): 1,
                                (6, Decimal("1.5")): 1})
    assert odd == ["line 6: 'n/a'"]


# --- the yardstick -------------------------------------------------------------------------


@pytest.mark.parametrize("name", NO_DATA)
def test_documents_without_data_yield_nothing(name):
    """Prose and an odd form: no value, and no crash (a located refusal is acceptable)."""
    score = score_document(CORPUS / name)
    assert not score.error.startswith("CRASH"), score.error
    assert score.n_found == 0, f"spurious values: {[_fmt(k) for k in score.spurious]}"


def _crashes(scores: list[DocumentScore]) -> list[str]:
    return [f"{s.name}: {s.error}" for s in scores if s.error.startswith("CRASH")]


def test_no_corpus_document_crashes():
    """(Each blind batch's own test checks its documents, so the batches spread over workers.)"""
    crashes = _crashes(corpus_scores())
    assert not crashes, "\n".join(crashes)


def test_corpus_recall_and_precision():
    scores = corpus_scores()
    table, recall, precision = report(scores)
    print("\n" + table)
    assert recall >= RECALL_TARGET and precision >= PRECISION_TARGET, (
        f"recall {recall:.3f} / precision {precision:.3f} below the targets "
        f"({RECALL_TARGET} / {PRECISION_TARGET}); worst documents (line:value):\n"
        + worst_documents(scores)
    )


@pytest.mark.parametrize("batch", BLIND_BATCHES, ids=lambda p: p.name)
def test_later_batches_do_not_regress(batch):
    scores = corpus_scores(batch)
    table, recall, precision = report(scores)
    print("\n" + table)
    assert len(scores) >= 14 and {p.stem for p in batch.glob("*.yaml")} == {p.stem for p in corpus_documents(batch)}
    crashes = _crashes(scores)
    assert not crashes, "\n".join(crashes)
    floor_recall, floor_precision = BLIND_FLOORS[batch.name]
    assert recall >= floor_recall and precision >= floor_precision, (
        f"{batch.name}: recall {recall:.3f} / precision {precision:.3f} (floors {floor_recall} / {floor_precision}); "
        "worst documents (line:value):\n" + worst_documents(scores))
