# reference_loop.pl SCRIPT N key=value... -- times N dungeons generated
# inside one perl process by the reference script (its create_dungeon, seeds
# 1..N), without perl start-up, compiling or JSON output: prints
# milliseconds per map. The script is run as it is, only its three
# top-level lines (read options, make one dungeon, print it) are swapped
# for the timed loop; bench_generate calls this. Warnings are off: the
# script's recursive tunnel warns on deep recursion.
use strict; no warnings; use Time::HiRes qw(time);
my ($script, $n, @args) = @ARGV;
open(my $fh, '<', $script) or die "$script: $!\n";
my $src = do { local $/; <$fh> };
my $loop = 'my $opts0 = &get_opts(); my $t0 = Time::HiRes::time();'
  . ' for my $k (1 .. ' . $n . ') { my %o = %{$opts0}; $o{seed} = $k; &create_dungeon(\%o); }'
  . ' printf("%.4f\n", (Time::HiRes::time() - $t0) * 1000 / ' . $n . ');';
$src =~ s/^my \$opts = &get_opts\(\);\nmy \$dungeon = &create_dungeon\(\$opts\);\n\s*&dump_dungeon\(\$dungeon\);\n/$loop\n/m
  or die "refloop: the script's top level is not as expected\n";
@ARGV = @args;
eval $src; die $@ if $@;
