#!/usr/bin/env perl
# tools/srd_statblocks.pl -- writes data/srd_statblocks.c, one compact stat
# block per monster of dg__monsters (data/srd_tables.c), in the same index
# order, from the SRD 5.1 stat-block facts in ../shared/data/statblocks/.
#   perl tools/srd_statblocks.pl [JSONL] > data/srd_statblocks.c
#   perl tools/srd_statblocks.pl --rules 2024 [JSONL] > data/srd_statblocks_2024.c
# (--rules 2024: SRD 5.2.1's stat blocks, dg__statblocks_2024, index for
# index with dg__monsters_2024. 2024 stat blocks print what the 5.1 ones
# do a little differently, and the facts file keeps the printed lines:
# AC is a number alone, the speed and senses lines are taken as printed
# (speed_text, senses_text), saves are the abilities whose save differs
# from their modifier, a use limit is the label printed after the name
# ("Recharge 5-6", "3/Day"), and initiative and gear are kept.)
# The generated C is committed, so the build never needs the facts; the test
# test_srd_tables runs this script again and compares its output with the
# committed file, and holds the table to the facts through jansson.
#
# What it does to the facts, and why:
#  - monsters are sorted by XP then name, as srd_tables.pl sorts them, so
#    that index i here is dg__monsters[i];
#  - a creature listed once per form is one monster in the product (the
#    lycanthropes, the vampire): its stat block is the form named after the
#    creature itself ("Vampire, Vampire Form") if there is one, else the
#    Hybrid Form ("Werewolf, Hybrid Form"), the form a GM fights and the
#    one whose actions cover the others';
#  - what a GM reads is written out once as the SRD prints it: "30 ft., fly
#    60 ft. (hover)", "Con +10, Int +12", "darkvision 60 ft., passive
#    Perception 10"; scores are kept, modifiers derive from them;
#  - a use limit becomes the SRD's suffix on the name: "(Recharge 5-6)",
#    "(3/Day)", "(Recharges after a Short or Long Rest)";
#  - every text lives once in one string pool (a C string per distinct
#    text, named by index), so that "The lich casts a cantrip." and the many
#    "Pack Tactics" paragraphs cost their bytes once.
use strict;
use warnings;
use JSON::PP;

my $rules = 2014;
if (@ARGV && $ARGV[0] eq '--rules') { shift; $rules = shift // die "srd_statblocks: --rules 2014|2024\n" }
die "srd_statblocks: --rules 2014|2024\n" unless $rules eq '2014' || $rules eq '2024';
my $y24 = $rules eq '2024';
my $file = shift // do {
    my $here = $0; $here =~ s{/[^/]*$}{};
    "$here/../../shared/data/statblocks/srd-" . ($y24 ? '5.2' : '5.1') . ".jsonl";
};
open my $fh, '<', $file or die "srd_statblocks: cannot read $file: $!\n";
my (%rows, %forms);
while (my $line = <$fh>) {
    next if $line =~ /^\s*$/;
    my $r = JSON::PP->new->decode($line);
    my $name = $r->{name};
    if ($name =~ /^(.*), (.*) Form$/) {
        push @{$forms{$1}}, [$2, $r];
        next;
    }
    die "srd_statblocks: $name twice\n" if $rows{$name};
    $rows{$name} = $r;
}
for my $name (sort keys %forms) {
    my %by = map { $_->[0] => $_->[1] } @{$forms{$name}};
    my $r = $by{$name} // $by{Hybrid} // die "srd_statblocks: $name has no own or hybrid form\n";
    die "srd_statblocks: $name both plain and in forms\n" if $rows{$name};
    $rows{$name} = { %$r, name => $name };
}
my @mons = sort { $a->{xp} <=> $b->{xp} || $a->{name} cmp $b->{name} } values %rows;

my @ab = qw(str dex con int wis cha);
my %abname = (str => 'Str', dex => 'Dex', con => 'Con', int => 'Int', wis => 'Wis', cha => 'Cha');

sub signed { my ($n) = @_; return $n >= 0 ? "+$n" : "$n" }

sub armor {
    my ($m) = @_;
    my @out;
    for my $a (@{$m->{armor_class}}) {
        my $t = $a->{type};
        my $s = "$a->{value}";
        if ($t eq 'natural') { $s .= ' (natural armor)' }
        elsif ($t eq 'armor') {
            my @what = $a->{desc} ? ($a->{desc}) : map { lc $_->{name} } @{$a->{armor} // []};
            $s .= ' (' . join(', ', @what) . ')' if @what;
        }
        elsif ($t eq 'spell') { $s .= " (with $a->{spell}{name})" }
        elsif ($t eq 'condition') { $s .= " (in $a->{condition}{name} form)" if $a->{condition}{name} }
        push @out, $s;
    }
    return join ', ', @out;
}

sub speed {
    my ($sp) = @_;
    my @out;
    push @out, $sp->{walk} if defined $sp->{walk};
    for my $k (qw(burrow climb fly swim)) {
        next unless defined $sp->{$k};
        my $s = "$k $sp->{$k}";
        $s .= ' (hover)' if $k eq 'fly' && $sp->{hover};
        push @out, $s;
    }
    return join ', ', @out;
}

sub senses {
    my ($se) = @_;
    my @out;
    for my $k (qw(blindsight darkvision tremorsense truesight)) {
        push @out, "$k $se->{$k}" if defined $se->{$k};
    }
    push @out, "passive Perception $se->{passive_perception}";
    return join ', ', @out;
}

sub usage {
    my ($u) = @_;
    return '' unless $u;
    return " ($u)" unless ref $u;                 # 5.2.1: the printed label
    if ($u->{type} eq 'recharge on roll') {
        return $u->{min_value} == 6 ? ' (Recharge 6)' : " (Recharge $u->{min_value}\x{2013}6)";
    }
    return " ($u->{times}/Day)" if $u->{type} eq 'per day';
    if ($u->{type} eq 'recharge after rest') {
        my @r = map { ucfirst } @{$u->{rest_types}};
        return ' (Recharges after a ' . join(' or ', @r) . ' Rest)';
    }
    die "srd_statblocks: unknown usage $u->{type}\n";
}

# ------------------------------------------------------------ string pool
my (%pool, @pool);
sub str {
    my ($s) = @_;
    return 0 if !defined $s || $s eq '';
    $pool{$s} //= do { push @pool, $s; scalar @pool };
    return $pool{$s};
}
str(undef);
sub cstr {
    my ($s) = @_;
    my $o = '';
    for my $ch (split //, $s) {
        my $c = ord $ch;
        if ($ch eq '"' || $ch eq '\\') { $o .= "\\$ch" }
        elsif ($ch eq "\n") { $o .= '\\n' }
        elsif ($c < 0x80) { $o .= $ch }
        else {                                    # UTF-8 bytes, as octal escapes
            my $b = $ch; utf8::encode($b);
            $o .= sprintf '\\%03o', ord $_ for split //, $b;
        }
    }
    return "\"$o\"";
}

# The source ends four SRD 5.1 sentences on an abbreviation and a full
# stop both ("dim light for an additional 10 ft.."): one stop reads clean.
sub clean { my ($t) = @_; $t =~ s/(\bft)\.\.(?!\.)/$1./g if defined $t; return $t }

my (@blocks, @entries);
sub skill_name { join ' ', map { $_ eq 'of' ? $_ : ucfirst } split / /, $_[0] }
for my $m (@mons) {
    my @sv = $y24
        ? map { "$abname{$_} " . signed($m->{abilities}{$_}{save}) }
          grep { $m->{abilities}{$_}{save} != $m->{abilities}{$_}{mod} } @ab
        : map { "$abname{$_} " . signed($m->{saving_throws}{$_}) }
          grep { defined $m->{saving_throws}{$_} } @ab;
    my @sk = map { skill_name($_) . ' ' . signed($m->{skills}{$_}) } sort keys %{$m->{skills}};
    my $first = @entries;
    my @counts;
    for my $sec (qw(traits actions bonus_actions reactions legendary_actions)) {
        push @counts, scalar @{$m->{$sec}};
        for my $e (@{$m->{$sec}}) {
            push @entries, [str($e->{name} . usage($e->{usage})), str(clean($e->{desc}))];
        }
    }
    die "srd_statblocks: $m->{name}: over 255 entries\n" if grep { $_ > 255 } @counts;
    push @blocks, {
        name => $m->{name},
        f => [map { str($_) } $y24 ? "$m->{ac}" : armor($m), $m->{hp_formula}, $m->{alignment},
              $y24 ? $m->{speed_text} : speed($m->{speed}),
              join(', ', @sv), join(', ', @sk),
              join('; ', @{$m->{damage_vulnerabilities}}), join('; ', @{$m->{damage_resistances}}),
              join('; ', @{$m->{damage_immunities}}), join(', ', map { $y24 ? $_ : lc } @{$m->{condition_immunities}}), # 5.2.1: as printed
              $y24 ? $m->{senses_text} : senses($m->{senses}), $m->{languages}],
        gear => str($m->{gear}), init => $m->{initiative},
        scores => [map { $m->{abilities}{$_}{score} } @ab],
        prof => $m->{proficiency_bonus}, first => $first, counts => \@counts,
    };
}

if ($y24) {
    print <<'EOT';
/* srd_statblocks_2024.c -- GENERATED by tools/srd_statblocks.pl --rules 2024
 * from SRD 5.2.1's stat blocks; do not edit (run the script again).
 * dg__statblocks_2024[i] is dg__monsters_2024[i]'s stat block; texts are
 * pooled in P, entries in E.
 *
 * This work includes material from the System Reference Document 5.2.1
 * ("SRD 5.2.1") by Wizards of the Coast LLC, available at
 * https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
 * Creative Commons Attribution 4.0 International License, available at
 * https://creativecommons.org/licenses/by/4.0/legalcode. */
#include "srd_tables.h"

EOT
} else {
print <<'EOT';
/* srd_statblocks.c -- GENERATED by tools/srd_statblocks.pl from SRD 5.1's
 * stat blocks; do not edit (run the script again). dg__statblocks[i] is
 * dg__monsters[i]'s stat block; texts are pooled in P, entries in E.
 *
 * This work includes material taken from the System Reference Document 5.1
 * ("SRD 5.1") by Wizards of the Coast LLC and available at
 * https://dnd.wizards.com/resources/systems-reference-document. The SRD 5.1
 * is licensed under the Creative Commons Attribution 4.0 International
 * License available at https://creativecommons.org/licenses/by/4.0/legalcode. */
#include "srd_tables.h"

EOT
}
# the pool: one char array of NUL-ended texts, each reached as P + offset
# (an address constant, which a static initializer may hold)
my (@off, $at);
$at = 1;                                       # P[0] is the empty text
for my $t (@pool) {
    push @off, $at;
    my $b = $t; utf8::encode($b);
    $at += length($b) + 1;
}
sub ref_ { my ($k) = @_; return $k ? "P+$off[$k - 1]" : 'P' }
print "static const char P[] =\n    \"\\0\"\n";
print '    ', substr(cstr($_), 0, -1), "\\0\"\n" for @pool;
print "    ;\n\n";
printf "static const dg_statblock_entry E[%d] = {\n", scalar @entries;
print "    {", ref_($_->[0]), ", ", ref_($_->[1]), "},\n" for @entries;
print "};\n\n";
printf "const dg_statblock dg__statblocks%s[DG__MONSTER_COUNT%s] = {\n", ($y24 ? '_2024' : '') x 2;
for my $b (@blocks) {
    print "    /* $b->{name} */\n";
    # 5.1 prints no gear and no initiative line
    printf "    {%s, {%s}, %d, E+%d, {%s}, %s, %d, %s},\n", join(', ', map { ref_($_) } @{$b->{f}}),
        join(', ', @{$b->{scores}}), $b->{prof}, $b->{first}, join(', ', @{$b->{counts}}),
        ref_($b->{gear}), $b->{init} // 0, $y24 ? 'true' : 'false';
}
print "};\n";
printf STDERR "srd_statblocks: %d stat blocks, %d entries, %d distinct texts (%d bytes)\n",
    scalar @blocks, scalar @entries, scalar @pool, $at;
