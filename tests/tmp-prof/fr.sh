#!/bin/sh
# prints gzip bytes of the first-render JS of build $1 (core + index + runtime)
cd $1/assets && for f in core-*.js index-*.js rolldown-runtime-*.js; do gzip -9 -c $f | wc -c; done | awk '{s+=$1} END {print s, s/1024, 97*1024-s}'
