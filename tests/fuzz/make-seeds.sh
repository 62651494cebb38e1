#!/bin/sh
# Packs the seeds of the sectioned fuzz targets (otf2, merge, laplace-run,
# export) into corpus/, from tests/data and small archives of the OTF2
# generator: tests/fuzz/make-seeds.sh build/tests/generators/chrono-gen-otf2
# Deterministic: the generator's runs are seeded.
set -eu
gen=$(realpath "$1")
cd "$(dirname "$0")"
data=../data
pack=./pack-sections.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$gen" --events 60 --locations 2 --mpi --metrics --seed 3 -o "$tmp/mpi.otf2"
"$gen" --events 40 --locations 2 --wide-ids --resolution 3000000007 --offset 2305843009213693952 --seed 5 \
  -o "$tmp/wide.otf2"
"$gen" --events 40 --locations 1 --empty-locations 1 --metrics --seed 2 -o "$tmp/empty.otf2"
"$gen" --events 60 --locations 2 --local-defs --seed 4 -o "$tmp/localdefs.otf2"

mkdir -p corpus/otf2 corpus/merge corpus/laplace-run corpus/export
for a in plain mpi_metrics leave_open_local_defs wide_ids_odd_clock; do
  $pack corpus/otf2/$a $data/otf2/$a.otf2
done
for a in mpi wide empty localdefs; do
  $pack corpus/otf2/gen-$a "$tmp/$a.otf2"
done

$pack corpus/merge/plain+mpi_metrics $data/otf2/plain.otf2 +1 $data/otf2/mpi_metrics.otf2
$pack corpus/merge/wide+localdefs "$tmp/wide.otf2" +1 "$tmp/localdefs.otf2"
$pack corpus/merge/leave_open+empty $data/otf2/leave_open_local_defs.otf2 +1 "$tmp/empty.otf2"

$pack corpus/laplace-run/run $data/laplace/run.ref.txt $data/laplace/run.kern
$pack corpus/laplace-run/big-every_tag $data/laplace/big.ref $data/laplace/every_tag.kern
$pack corpus/laplace-run/little-bad_lines $data/laplace/little.ref $data/laplace/bad_lines.kern
$pack corpus/laplace-run/unsorted-crlf $data/laplace/unsorted.ref.txt $data/laplace/crlf.kern

# +flags: bit 0 lazy; the second trace's bits 1-2 its alignment (1 timestamps, 2 wall clocks)
$pack corpus/export/btf+otf2 $data/btf/semaphore.btf +1 $data/otf2/plain.otf2
$pack corpus/export/otf2+etf-lazy $data/otf2/mpi_metrics.otf2 +1 +flags=1 $data/etf/dependencies.etf
$pack corpus/export/etf+laplace-timestamps $data/etf/signals.etf +1 +flags=2 $data/laplace/run.ref.txt \
  $data/laplace/run.kern
$pack corpus/export/visandor+btf-wallclock $data/visandor/nested_forks.vt +1 +flags=5 $data/btf/isr.btf
$pack corpus/export/laplace+visandor +flags=1 $data/laplace/big.ref +1 $data/visandor/or_doc_example.vt
