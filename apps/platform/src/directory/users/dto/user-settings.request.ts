import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { USER_STATUSES, type UserStatus } from '@suite/contracts';
import { IsNumericId } from '@suite/http';
import {
  DIALER_OPTIONS,
  PAY_FOR_SEATS_OPTIONS,
  USE_BALANCE_OPTIONS,
  YES_NO,
  type Dialer,
  type PayForSeats,
  type UseBalance,
  type YesNo,
} from '../user.entity';

/** Area codes may come as numbers (`212`) or strings (`"212"`); they are kept as strings. */
const areaCodesAsStrings = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((item) => (typeof item === 'number' && Number.isInteger(item) ? String(item) : item)) : value;

/** The optional settings of a user, shared by Create User and Update User. Omitted = unchanged. */
export class UserSettingsRequest {
  @ApiPropertyOptional({ enum: USER_STATUSES })
  @IsOptional()
  @IsIn(USER_STATUSES)
  status?: UserStatus;

  @ApiPropertyOptional({ enum: DIALER_OPTIONS })
  @IsOptional()
  @IsIn(DIALER_OPTIONS)
  dialer?: Dialer;

  @ApiPropertyOptional({ enum: USE_BALANCE_OPTIONS })
  @IsOptional()
  @IsIn(USE_BALANCE_OPTIONS)
  use_balance?: UseBalance;

  @ApiPropertyOptional({ enum: PAY_FOR_SEATS_OPTIONS })
  @IsOptional()
  @IsIn(PAY_FOR_SEATS_OPTIONS)
  pay_for_seats?: PayForSeats;

  @ApiPropertyOptional({ enum: YES_NO })
  @IsOptional()
  @IsIn(YES_NO)
  use_company_seat?: YesNo;

  @ApiPropertyOptional({ enum: YES_NO })
  @IsOptional()
  @IsIn(YES_NO)
  local_presence?: YesNo;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 32, description: 'null clears it' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  phone_number?: string | null;

  @ApiPropertyOptional({
    type: [Number],
    description: 'Phone number ids the user may use, live numbers of the company (else 422); replaces the list',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsNumericId({ each: true })
  ext_phone?: number[];

  @ApiPropertyOptional({ type: [String], example: ['212', '646'], description: 'Used when local_presence is Yes' })
  @IsOptional()
  @Transform(areaCodesAsStrings)
  @IsArray()
  @ArrayMaxSize(100)
  @Matches(/^[0-9]{3}$/, { each: true, message: 'each value in area_codes must be a 3-digit area code' })
  area_codes?: string[];
}
