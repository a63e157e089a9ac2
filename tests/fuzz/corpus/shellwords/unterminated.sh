A=${B:-"x
C=$((1+
run --x "$A
