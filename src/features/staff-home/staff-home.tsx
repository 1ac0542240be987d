import { useEffect } from 'react';
import type { StaffSession } from '../../domain/api/staff';
import { staffHref } from '../../domain/staff-pages';
import { rolesLabel } from '../../domain/staff-roles';

/**
 * /groupins/staff for a person none of whose roles has a screen yet (客服 until the inbox comes): who they
 * are, and plainly that there is nothing for them here yet.
 */
export function StaffHome({ staff }: { staff: StaffSession }) {
  useEffect(() => {
    document.title = '員工作業';
  }, []);
  return (
    <>
      <h1>員工作業</h1>
      <p className="lead">
        您好，{staff.name}。您的角色是{rolesLabel(staff.roles)}。
      </p>
      <p>您的角色可使用的畫面尚未開放，目前沒有可操作的功能；開放後會列在頁首。</p>
      <p>
        <a className="button" href={staffHref('logout')}>
          登出
        </a>
      </p>
    </>
  );
}
