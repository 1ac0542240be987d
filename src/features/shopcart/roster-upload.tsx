import { useId, useState } from 'react';
import type { ShopcartValidationContext } from '../../domain/api/shopcart';
import { parseDateInput } from '../../domain/roc-date';
import { parseRoster, type RosterError, type RosterRow } from '../../domain/roster';
import { decodeRosterFile, ROSTER_TEMPLATE_CSV, ROSTER_TEMPLATE_FILENAME } from '../../domain/roster-file';

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([ROSTER_TEMPLATE_CSV], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = ROSTER_TEMPLATE_FILENAME;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface RosterUploadProps {
  rows: RosterRow[];
  rules: ShopcartValidationContext;
  /** 投保始期 as typed: ages count on it when it is a date */
  startDate: string;
  onRows: (rows: RosterRow[]) => void;
  /** whether the file read last has errors (the step cannot go on with them) */
  onErrors: (errors: RosterError[]) => void;
}

/** The optional 被保險人名冊: a CSV (or Excel's CSV, UTF-8 or Big5) checked row by row, and its template. */
export function RosterUpload({ rows, rules, startDate, onRows, onErrors }: RosterUploadProps) {
  const id = useId();
  const [errors, setErrors] = useState<RosterError[]>([]);
  const [fileName, setFileName] = useState('');
  const read = async (file: File) => {
    const start = parseDateInput(startDate);
    const parsed = parseRoster(decodeRosterFile(await file.arrayBuffer()), {
      ...rules,
      ...(start.ok ? { startDate: start.date } : {}),
    });
    setFileName(file.name);
    setErrors(parsed.errors);
    onErrors(parsed.errors);
    onRows(parsed.errors.length === 0 ? parsed.rows : []);
  };
  const remove = () => {
    setFileName('');
    setErrors([]);
    onErrors([]);
    onRows([]);
  };
  const removeButton = (
    <button type="button" className="button link" onClick={remove}>
      移除名冊
    </button>
  );
  return (
    <fieldset className="form-fieldset roster-upload">
      <legend>被保險人名冊（選填）</legend>
      <p className="form-hint" id={`${id}-hint`}>
        可先上傳名冊，或於送出申請後由業務人員協助。欄位：姓名、身分證字號（或居留證號）、出生日期（民國，如
        079/05/12）、性別、職業類別{rules.needsSalary ? '、月投保薪資' : ''}。Excel 請另存為 CSV 檔。
      </p>
      <p>
        <button type="button" className="button" onClick={downloadTemplate}>
          下載名冊範本
        </button>
      </p>
      <div className="form-field">
        <label htmlFor={id}>上傳名冊檔案（CSV）</label>
        <input
          id={id}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // emptied, so that choosing the same file again (corrected, or after 移除名冊) reads it again
            e.target.value = '';
            if (file) void read(file);
          }}
        />
      </div>
      {errors.length > 0 ? (
        <div className="form-error roster-errors" role="alert">
          <p>
            {fileName} 有 {errors.length} 處需要修正，請修改後重新上傳：
          </p>
          <ul>
            {errors.map((e) => (
              <li key={`${e.row}-${e.column}-${e.message}`}>{e.message}</li>
            ))}
          </ul>
          <p>{removeButton}</p>
        </div>
      ) : (
        rows.length > 0 && (
          <p role="status">
            已讀取名冊：{rows.length} 位被保險人。 {removeButton}
          </p>
        )
      )}
    </fieldset>
  );
}
