<?php
/*
 * bench report: reading a set of files into a model, one file at a time,
 * with progress on a terminal and each file that cannot be read named with
 * its reason.
 */
namespace Bench\Report;

/** What a load met: files read, skipped (file => reason), left out by the filters. */
final class LoadResult
{
    public int $read = 0;
    public array $skipped = [];
    public int $filtered = 0;
}

/** Progress on stderr when it is a terminal: "read 1,200 of 10,000 files". */
final class Progress
{
    private float $shown = 0.0;
    private bool $on;

    public function __construct(private readonly int $total, bool $quiet)
    {
        $this->on = !$quiet && $total > 1 && stream_isatty(STDERR);
    }

    public function step(int $done): void
    {
        $now = microtime(true);
        if ($this->on && $now - $this->shown >= 0.1) {
            $this->shown = $now;
            fprintf(STDERR, "\rbench: read %s of %s files", number_format($done), number_format($this->total));
        }
    }

    public function end(): void
    {
        if ($this->on && $this->shown > 0) {
            fwrite(STDERR, "\r\033[K");
        }
    }
}

/**
 * Reads $files into side $side of $model (and into $also, the sides that
 * also take every profile: diff's noise halves). Throws a ReadError under
 * --strict at the first file that cannot be read.
 */
function load(array $files, Options $o, Model $model, int $side = 0, ?callable $also = null): LoadResult
{
    $result = new LoadResult();
    $progress = new Progress(count($files), $o->quiet);
    foreach ($files as $i => $file) {
        $progress->step($i);
        try {
            $p = read_profile($file, $o);
            if (!accepted($p, $o)) {
                $result->filtered++;
                continue;
            }
            $p->sourceTrust = source_trust($p, $o);
            $model->add($p, $side);
            if ($also) {
                $also($p, $result->read);
            }
            $result->read++;
        } catch (ReadError $e) {
            $result->skipped[$file] = $e->getMessage();
        } catch (\Throwable $e) {
            // A bug of bench's own, not the file's: still not a reason to lose the other files.
            $result->skipped[$file] = sprintf('could not be read (%s: %s, at %s:%d)', get_class($e), $e->getMessage(),
                basename($e->getFile()), $e->getLine());
        }
        if ($o->strict && $result->skipped) {
            $progress->end();
            throw new ReadError("$file: " . reset($result->skipped) . ' (--strict)');
        }
    }
    $progress->end();
    return $result;
}

/** Whether a profile passes the filters. */
function accepted(Profile $p, Options $o): bool
{
    $m = $p->meta;
    $time = $m['time_ns'] ?? 0;
    if (($o->since !== null && $time < $o->since) || ($o->until !== null && $time > $o->until)) {
        return false;
    }
    if ($o->uri !== null && !pattern_matches($o->uri, $m['uri'] ?? '')) {
        return false;
    }
    if ($o->endpoint !== null && !pattern_matches($o->endpoint, profile_endpoint($p))) {
        return false;
    }
    if ($o->minDuration !== null && ($m['duration_ns'] ?? 0) < $o->minDuration) {
        return false;
    }
    return $o->mode === null || ($m['mode'] ?? '') === $o->mode;
}

/** Says on stderr what was skipped (the first 20 files with their reasons, then a count) and filtered. */
function report_load(LoadResult $r, Options $o): void
{
    if ($o->quiet) {
        return;
    }
    $shown = 0;
    foreach ($r->skipped as $file => $reason) {
        if (++$shown > 20) {
            fprintf(STDERR, "bench: skipped %s more files\n", number_format(count($r->skipped) - 20));
            break;
        }
        fprintf(STDERR, "bench: skipped %s: %s\n", printable($file), printable($reason));
    }
    if ($r->filtered && $r->read) {
        fprintf(STDERR, "bench: %s left out by the filters\n", plural($r->filtered, 'profile'));
    }
}
