#!/usr/bin/env bash
# Makes every bundled sound from nothing but sox's synthesizer, so the sounds are the
# project's own work and can be rebuilt and audited. Deterministic: dithering is off (-D),
# so the same sox version gives the same files.
#   usage: Sounds/make-sounds.sh        (writes Sounds/*.flac next to this script)
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rate=48000
sx() { sox -D -q "$@"; }

# note OUT START LENGTH SYNTH... : one voice of LENGTH seconds starting at START seconds.
note() {
    local out=$1 start=$2 len=$3
    shift 3
    sx -n -r $rate -c 1 -b 16 "$tmp/$out.wav" synth "$len" "$@" pad "$start" 0
}
# mix OUT FILES... : sums the voices (sox -m scales them so the sum cannot clip).
mix() {
    local out=$1
    shift
    sx -m $(printf "$tmp/%s.wav " "$@") "$tmp/$out.wav"
}
# finish PART FILE EFFECTS... : writes the shipped 16-bit FLAC from a part.
finish() {
    local part=$1 out=$2
    shift 2
    sx "$tmp/$part.wav" -b 16 "$out" "$@"
}
# seq OUT FILES... : plays the parts one after another.
seq() {
    local out=$1
    shift
    sx $(printf "$tmp/%s.wav " "$@") "$tmp/$out.wav"
}
silence() { sx -n -r $rate -c 1 -b 16 "$tmp/$1.wav" trim 0 "$2"; }

# Default — the classic alarm clock: four quick beeps of a bright 2 kHz square wave
# (low-passed so it is insistent, not harsh), then a pause; 1.17 s per loop.
sx -n -r $rate -c 1 -b 16 "$tmp/beep.wav" synth 0.09 square 2000 gain -6 lowpass 5000 fade t 0.004 0.09 0.004
silence gap 0.07
silence rest 0.6
seq default beep gap beep gap beep gap beep rest
finish default Default.flac norm -3

# Chime — three plucked notes falling E6, C6, G5, 0.28 s apart, each ringing out; 2 s loop.
note c1 0.00 1.4 pluck E6 fade q 0.002 1.4 1.2
note c2 0.28 1.4 pluck C6 fade q 0.002 1.4 1.2
note c3 0.56 1.44 pluck G5 fade q 0.002 1.44 1.3
mix chime c1 c2 c3
finish chime Chime.flac norm -3

# Gentle — a soft rising arpeggio C5 E5 G5 C6 of pure sines with slow swells, low-passed
# and 9 dB quieter than the others; meant for a ramped wake-up; 3.2 s loop.
note g1 0.0 1.6 sine C5 fade q 0.3 1.6 1.0
note g2 0.5 1.6 sine E5 fade q 0.3 1.6 1.0
note g3 1.0 1.6 sine G5 fade q 0.3 1.6 1.0
note g4 1.5 1.7 sine C6 fade q 0.3 1.7 1.2
mix gentle g1 g2 g3 g4
finish gentle Gentle.flac lowpass 3000 norm -12

# Urgent — fast alternating 2.4/3.2 kHz square beeps, 10 per second, no pause: hard to
# sleep through; 0.8 s loop.
sx -n -r $rate -c 1 -b 16 "$tmp/hi.wav" synth 0.06 square 3200 gain -6 lowpass 7000 fade t 0.003 0.06 0.003
sx -n -r $rate -c 1 -b 16 "$tmp/lo.wav" synth 0.06 square 2400 gain -6 lowpass 7000 fade t 0.003 0.06 0.003
silence g 0.04
seq urgent hi g lo g hi g lo g hi g lo g hi g lo g
finish urgent Urgent.flac norm -2

# Bell — a struck bell: the inharmonic partials of a church bell (hum 0.5, prime 1,
# tierce 1.2, quint 1.5, nominal 2, then 2.5, 3, 4.2 times 440 Hz), higher partials
# dying sooner; one strike per 2.5 s.
i=0
for p in "0.5 2.5" "1 2.4" "1.2 2.0" "1.5 1.6" "2 1.8" "2.5 1.0" "3 0.8" "4.2 0.5"; do
    set -- $p
    f=$(awk "BEGIN { print 440 * $1 }")
    note "b$i" 0 2.5 sine "$f" fade q 0.001 "$2" "$(awk "BEGIN { print $2 - 0.002 }")" pad 0 "$(awk "BEGIN { print 2.5 - $2 }")"
    sx "$tmp/b$i.wav" "$tmp/b${i}t.wav" trim 0 2.5
    mv "$tmp/b${i}t.wav" "$tmp/b$i.wav"
    i=$((i + 1))
done
mix bell b0 b1 b2 b3 b4 b5 b6 b7
finish bell Bell.flac norm -3

ls -l ./*.flac
