package dev.waymark.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rows file: RFC 4180 cells, and every refusal naming its line but never a cell's text. */
class CsvRowsTest {
  @Test
  void aHeaderAndRowsBecomeNumberedRowsOfValuesByColumn() throws Exception {
    CsvRows rows = CsvRows.parse("name,amount\nAda,10\nGrace,20\n");

    assertThat(rows.columns()).containsExactly("name", "amount");
    assertThat(rows.rows()).hasSize(2);
    assertThat(rows.rows().get(1).number()).isEqualTo(2);
    assertThat(rows.rows().get(1).line()).isEqualTo(3);
    assertThat(rows.rows().get(1).values()).containsExactly(Map.entry("name", "Grace"), Map.entry("amount", "20"));
  }

  @Test
  void quotedCellsHoldCommasQuotesAndLineBreaksAndLinesAreCountedThroughThem() throws Exception {
    CsvRows rows = CsvRows.parse("\uFEFFname,note\r\n\"Lovelace, Ada\",\"said \"\"hi\"\"\nthen left\"\r\n\r\n  \nGrace,\n");

    assertThat(rows.rows()).hasSize(2);
    assertThat(rows.rows().get(0).values()).containsEntry("name", "Lovelace, Ada").containsEntry("note", "said \"hi\"\nthen left");
    // The quoted line break counts: Grace stands on line 6, after a blank line and a line of spaces.
    assertThat(rows.rows().get(1).line()).isEqualTo(6);
    assertThat(rows.rows().get(1).values()).containsEntry("note", "");
  }

  @Test
  void spacesAroundAQuotedCellAreAllowed() throws Exception {
    CsvRows rows = CsvRows.parse("a,b\nx, \"y, z\" \n");
    assertThat(rows.rows().get(0).values()).containsEntry("b", "y, z");
  }

  @Test
  void aRowWithTheWrongNumberOfCellsNamesItsLineAndNotItsText() {
    assertThatThrownBy(() -> CsvRows.parse("name,amount\nAda,10\n\"two\nlines\",1\nGrace,20,extra-secret-looking\n"))
        .isInstanceOfSatisfying(CsvRows.CsvException.class, e -> {
          assertThat(e.line()).isEqualTo(5);
          assertThat(e.getMessage()).contains("3 cells").contains("2 columns").doesNotContain("extra-secret-looking");
        });
  }

  @Test
  void anUnclosedQuoteNamesTheLineItOpensOn() {
    assertThatThrownBy(() -> CsvRows.parse("name\nAda\n\"Grace\nHopper\n"))
        .isInstanceOfSatisfying(CsvRows.CsvException.class, e -> {
          assertThat(e.line()).isEqualTo(3);
          assertThat(e.getMessage()).contains("never closed");
        });
  }

  @Test
  void aQuoteInsideAnUnquotedCellIsRefused() {
    assertThatThrownBy(() -> CsvRows.parse("name\nAda \"the\" first\n"))
        .isInstanceOfSatisfying(CsvRows.CsvException.class, e -> assertThat(e.line()).isEqualTo(2));
  }

  @Test
  void theHeaderMustNameEachColumnOnceWithAVariableName() {
    assertThatThrownBy(() -> CsvRows.parse("name,,x\na,b,c\n")).hasMessageContaining("column 2").hasMessageContaining("no name");
    assertThatThrownBy(() -> CsvRows.parse("name,name\na,b\n")).hasMessageContaining("names name twice");
    assertThatThrownBy(() -> CsvRows.parse("first name\nAda\n")).hasMessageContaining("not a variable name");
  }

  @Test
  void anEmptyFileOrAHeaderAloneIsRefused() {
    assertThatThrownBy(() -> CsvRows.parse("")).hasMessageContaining("empty");
    assertThatThrownBy(() -> CsvRows.parse("\n\n")).hasMessageContaining("empty");
    assertThatThrownBy(() -> CsvRows.parse("name\n")).hasMessageContaining("no rows");
  }
}
