#!/bin/sh
# tools/bundle_same_bytes.sh OLD NEW -- format=foundry-bundle's zips from two
# builds of the CLI (OLD, NEW: paths to `dungeon`), compared byte for byte
# (and their exit codes and errors) over 70 option sets: every family
# (donjon's cavernous layout and gridmapper's caves included), floors 1-3,
# sides 21-201, ppg 20-70, rules=2024, contents=none and full, view=gm.
# For a change to the bundle's code that must not change its bytes: build
# the old tree's CLI, then run this. Exit 1 when any set differs.
OLD=$1; NEW=$2; T=${TMPDIR:-/tmp}/same_bytes.$$
mkdir -p $T; n=0; bad=0
algos="donjon caverns cavernous abstract panels gridmapper cells"
i=0
for a in $algos; do for v in 0 1 2 3 4 5 6 7 8 9; do
  i=$((i+1))
  seed=$((i * 7919 + v))
  case $a in cavernous) alg="algorithm=donjon layout=cavernous";; *) alg="algorithm=$a";; esac
  floors=$((1 + v % 3))
  case $((v % 6)) in 0) s=21;; 1) s=41;; 2) s=61;; 3) s=101;; 4) s=151;; 5) s=201;; esac
  case $((v % 4)) in 0) ppg=20;; 1) ppg=35;; 2) ppg=70;; 3) ppg=50;; esac
  [ $((s * ppg)) -gt 16384 ] && ppg=$((16384 / s))
  extra=""
  case $((v % 5)) in 1) extra="rules=2024";; 2) extra="contents=none";; 3) extra="view=gm";; 4) extra="contents=full level=$((1 + v))";; esac
  [ $a = gridmapper ] && [ $((v % 2)) = 1 ] && extra="$extra caves=yes"
  opts="seed=$seed $alg rows=$s cols=$s floors=$floors ppg=$ppg $extra format=foundry-bundle"
  $OLD $opts > $T/old.zip 2>$T/old.err; ro=$?
  $NEW $opts > $T/new.zip 2>$T/new.err; rn=$?
  n=$((n+1))
  if [ $ro != $rn ] || ! cmp -s $T/old.zip $T/new.zip || ! cmp -s $T/old.err $T/new.err; then
    bad=$((bad+1)); echo "DIFFER: $opts (rc $ro $rn)"
  else
    echo "same rc=$ro $(wc -c < $T/new.zip) bytes: $opts"
  fi
done; done
rm -rf $T
echo "$n option sets, $bad differ"
[ $bad = 0 ]
