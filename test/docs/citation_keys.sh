#!/usr/bin/env bash
# Every citation key "[Author Year]" in the code and the docs is one docs/references.md lists
# (a bold "**[Key]**" entry or an "also cited as [Key]" alias). Prints the keys it lacks, with
# the files that cite them, and fails when there is one.
# Usage: citation_keys.sh SOURCE_DIR
set -euo pipefail
source_dir=${1:?usage: citation_keys.sh SOURCE_DIR}
cd "$source_dir"
references=docs/references.md
known=$( (grep -o '\*\*\[[^]]*\]\*\*' "$references" | tr -d '*'
          grep -o 'also cited as \[[^]]*\]' "$references" | sed 's/^also cited as //') | sort -u)
key='\[[A-Z][A-Za-z&.,'"'"' -]+ (19|20)[0-9]{2}[a-z]?\]'
files=$(find README.md docs libmlcp libdynamics libcompare adapters apps \
          -type f \( -name '*.md' -o -name '*.hpp' -o -name '*.cpp' -o -name '*.h' -o -name '*.py' \
          -o -name '*.sh' \) -not -path '*/build/*')
cited=$(grep -ohE "$key" $files | sort -u)
missing=$(comm -23 <(echo "$cited") <(echo "$known"))
if [[ -n "$missing" ]]; then
  while IFS= read -r k; do
    echo "$k is cited but not listed in $references, in: $(grep -lF "$k" $files | tr '\n' ' ')"
  done <<< "$missing"
  exit 1
fi
echo "$(echo "$cited" | wc -l) citation keys, all listed in $references"
