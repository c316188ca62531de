package dev.waymark.scale;

import dev.waymark.workflow.Tokens;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows of {@code run --rows FILE.csv}: a header of variable names, then one row per run (RFC 4180: commas,
 * double-quoted cells that may hold commas, quotes as {@code ""} and line breaks; CRLF or LF; a UTF-8 byte order mark
 * is skipped; blank lines are skipped). A message about the file names its line, never a cell's text: a cell may
 * hold personal data.
 *
 * @param columns the header's names, in file order
 * @param rows    the data rows, numbered from 1
 */
public record CsvRows(List<String> columns, List<Row> rows) {
  /** One data row: its number (1 = the first under the header), the file line it starts on, its cells by column. */
  public record Row(int number, int line, Map<String, String> values) {
    public Row {
      values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
  }

  /** A CSV file that cannot be used, with the line it is about (0: the whole file). */
  public static final class CsvException extends Exception {
    private final int line;

    public CsvException(int line, String message) {
      super(message);
      this.line = line;
    }

    public int line() {
      return line;
    }
  }

  public CsvRows {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
  }

  /** Reads {@code file}; an unreadable one is an IOException, a malformed one a CsvException naming its line. */
  public static CsvRows read(Path file) throws IOException, CsvException {
    if (!Files.isRegularFile(file)) throw new IOException("the rows file " + file + " does not exist or is not a file");
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (CharacterCodingException e) {
      throw new IOException("the rows file " + file + " is not UTF-8 text; save it as UTF-8 CSV and run again");
    }
    return parse(text);
  }

  /** Parses CSV text. */
  public static CsvRows parse(String text) throws CsvException {
    List<Record> records = records(text.startsWith("\uFEFF") ? text.substring(1) : text);
    if (records.isEmpty()) throw new CsvException(0, "the rows file is empty: its first line names the variables, "
        + "e.g. email,amount, and each line under it is one run");
    Record header = records.get(0);
    List<String> columns = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (int i = 0; i < header.cells.size(); i++) {
      String name = header.cells.get(i).strip();
      if (name.isEmpty()) throw new CsvException(header.line, "column " + (i + 1) + " of the header has no name; "
          + "each column names the workflow variable it fills");
      if (!Tokens.isName(name)) throw new CsvException(header.line, "column " + (i + 1) + " of the header (\"" + name
          + "\") is not a variable name; use letters, digits and _ . -, starting with a letter or _");
      if (!seen.add(name)) throw new CsvException(header.line, "the header names " + name + " twice");
      columns.add(name);
    }
    List<Row> rows = new ArrayList<>();
    for (int r = 1; r < records.size(); r++) {
      Record rec = records.get(r);
      if (rec.cells.size() != columns.size()) {
        throw new CsvException(rec.line, "has " + rec.cells.size() + (rec.cells.size() == 1 ? " cell" : " cells")
            + " but the header names " + columns.size() + " columns; quote a cell that holds a comma (\"a, b\")");
      }
      Map<String, String> values = new LinkedHashMap<>();
      for (int c = 0; c < columns.size(); c++) values.put(columns.get(c), rec.cells.get(c));
      rows.add(new Row(rows.size() + 1, rec.line, values));
    }
    if (rows.isEmpty()) throw new CsvException(header.line, "the rows file has a header but no rows under it: each line "
        + "under the header is one run");
    return new CsvRows(columns, rows);
  }

  /** One parsed record and the line it starts on. */
  private record Record(int line, List<String> cells) {}

  private static List<Record> records(String text) throws CsvException {
    List<Record> out = new ArrayList<>();
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    int line = 1;
    int recordLine = 1;
    boolean quoted = false;
    boolean wasQuoted = false;
    int quoteLine = 0;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (quoted) {
        if (ch == '"') {
          if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
            cell.append('"');
            i++;
          } else {
            quoted = false;
          }
        } else {
          if (ch == '\n') line++;
          cell.append(ch);
        }
        continue;
      }
      switch (ch) {
        case '"' -> {
          if (!cell.toString().isBlank() || wasQuoted) {
            throw new CsvException(line, "a quote inside a cell that does not start with one; write the whole cell in "
                + "quotes and double the inner quote (\"say \"\"hi\"\"\")");
          }
          cell.setLength(0);
          quoted = true;
          wasQuoted = true;
          quoteLine = line;
        }
        case ',' -> {
          cells.add(cell.toString());
          cell.setLength(0);
          wasQuoted = false;
        }
        case '\r', '\n' -> {
          if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
          if (!blank(cells, cell, wasQuoted)) {
            cells.add(cell.toString());
            out.add(new Record(recordLine, List.copyOf(cells)));
          }
          cells.clear();
          cell.setLength(0);
          wasQuoted = false;
          line++;
          recordLine = line;
        }
        default -> {
          if (wasQuoted && Character.isWhitespace(ch)) continue;
          if (wasQuoted) {
            throw new CsvException(line, "text after a quoted cell's closing quote; put the whole cell in the quotes");
          }
          cell.append(ch);
        }
      }
    }
    if (quoted) throw new CsvException(quoteLine, "a quoted cell is never closed; end it with a \"");
    if (!blank(cells, cell, wasQuoted)) {
      cells.add(cell.toString());
      out.add(new Record(recordLine, List.copyOf(cells)));
    }
    return out;
  }

  /** A line with nothing on it but spaces: skipped, so a trailing blank line is no empty run. */
  private static boolean blank(List<String> cells, StringBuilder cell, boolean wasQuoted) {
    return cells.isEmpty() && !wasQuoted && cell.toString().isBlank();
  }
}
