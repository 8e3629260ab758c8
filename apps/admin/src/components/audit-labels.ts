import type { AuditActorKind } from '@yance/contracts/staff';

/** How the log reads in the console: every name comes from @yance/contracts/audit-names (the transition tables' own words). */
export {
  AUDIT_OBJECT_TYPE_NAMES as OBJECT_TYPE_NAMES,
  auditActionName as actionName,
  auditFieldName as fieldName,
  auditObjectTypeName as objectTypeName,
  auditValueText as valueText,
} from '@yance/contracts/audit-names';

export const ACTOR_KIND_NAMES: Record<AuditActorKind, string> = { staff: '员工', customer: '客户', system: '系统' };
